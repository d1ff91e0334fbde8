import { createLogger } from "../../audit/logger.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import { startServer } from "../server/startServer.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";
import type { SERVE_FLAGS } from "./serveSpecs.js";

/** `acpgate serve`: runs until SIGTERM or SIGINT, then drains and exits 0. */
export async function serveCommand({
  values,
  out,
}: CommandInput<typeof SERVE_FLAGS>): Promise<number> {
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new AcpgateError("usage", `--port must be a port number (got '${values.port}')`);
  const logger = createLogger({ format: "json" });
  const plane = createPlane({
    configFile: values.config,
    cwd: process.cwd(),
    surface: "api",
    logger,
  });
  const server = await startServer({
    plane,
    logger,
    host: values.host ?? plane.config.server.host,
    port: port ?? plane.config.server.port,
    ...(values["replica-id"] ? { replicaId: values["replica-id"] } : {}),
  });
  out.write(`acpgate serve: listening on ${server.url}\n`);
  if (server.oneTimeToken)
    out.write(
      `admin token (this process only, shown once): ${server.oneTimeToken}\n` +
        `make lasting tokens with: acpgate token create --role admin|approver|operator|viewer --name NAME\n`,
    );
  await out.drain();
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  logger.info({ signal }, "draining");
  await server.drain(`acpgate serve stopped (${signal})`);
  return EXIT.ok;
}
