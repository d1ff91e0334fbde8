import { userInfo } from "node:os";
import { nodeNdJsonStream } from "../../protocol/nodeNdJsonStream.js";
import { coalescedOutput } from "../../util/coalescedWritable.js";
import { AcpgateError } from "../../util/errors.js";
import { createLogger } from "../../audit/logger.js";
import { createPlane } from "../plane.js";
import { editorProxy } from "../proxy/editorProxy.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";
import type { PROXY_FLAGS } from "./proxySpec.js";

/** The person at the editor: the login user (the proxy runs as them, on their machine). */
function osActor(): string {
  try {
    return `user:${userInfo().username}`;
  } catch {
    return process.env.USER ? `user:${process.env.USER}` : "proxy";
  }
}

/**
 * `acpgate proxy`: serves one editor connection on stdio until the editor closes it (or a
 * signal), then closes every session and the agent processes. Usage and config errors
 * are refused before anything is read from stdin.
 */
export async function proxyCommand({ values }: CommandInput<typeof PROXY_FLAGS>): Promise<number> {
  const agentId = values.agent;
  if (!agentId)
    throw new AcpgateError("usage", "proxy needs --agent ID\nSee 'acpgate proxy --help'.");
  const actor = osActor();
  const plane = createPlane({
    configFile: values.config,
    cwd: process.cwd(),
    policy: values.policy,
    environment: values.env,
    surface: "proxy",
    actor,
    logger: createLogger({ format: "text" }),
    // Nothing reads a session's past events here (no SSE): the editor has them as they come.
    // A 10,000-event log kept every streamed chunk alive past V8's scavenges, to be promoted
    // and swept later: most of the proxy's GC on a long stream (docs/bench.md).
    eventLogCapacity: 16,
    // The editor gets the agent's own lines and the journal keeps them: a streamed chunk as
    // an event too was read by nobody here (~0.09 s of CPU per 100,000 chunks).
    streamedTextEvents: false,
  });
  try {
    plane.catalogue.get(agentId);
    await plane.audit.open();
    await plane.audit.markLostSessions();
    const out = coalescedOutput(process.stdout);
    const proxy = editorProxy({
      plane,
      agentId,
      actor,
      cwd: process.cwd(),
      editorOut: out.writeLine,
      editorPressure: out.onPressure,
      ...(values.env !== undefined ? { environment: values.env } : {}),
      ...(values.policy !== undefined ? { policy: values.policy } : {}),
    });
    // The editor's NDJSON on plain Node streams, as the agent's is (nodeNdJsonStream.ts): a
    // prompt's request and answer cost no web stream, decoder or writer lock each.
    const stream = nodeNdJsonStream(out.writable, process.stdin);
    const connection = proxy.app.connect(stream);
    const stop = (): void => connection.close();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    process.once("SIGHUP", stop);
    await connection.closed;
    await proxy.close();
    return EXIT.ok;
  } finally {
    await plane.dispose().catch(() => undefined);
  }
}
