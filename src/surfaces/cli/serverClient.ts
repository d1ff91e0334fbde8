import type { SessionRow } from "../../audit/auditStore.js";
import { AcpgateError, errorMessage, type ErrorCode } from "../../util/errors.js";

/** A running `acpgate serve` and the token to use on it. */
export interface RemoteServer {
  url: string;
  token: string;
}

export const SERVER_FLAG = {
  type: "string",
  arg: "URL",
  help: "talk to a running acpgate serve (default: $ACPGATE_SERVER); the token is $ACPGATE_TOKEN",
} as const;

/** `--server URL` or ACPGATE_SERVER, with ACPGATE_TOKEN; undefined: work on the local store. */
export function remoteServer(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RemoteServer | undefined {
  const url = flag ?? env.ACPGATE_SERVER;
  if (!url) return undefined;
  const token = env.ACPGATE_TOKEN;
  if (!token) throw new AcpgateError("usage", `talking to ${url} needs a token in ACPGATE_TOKEN`);
  if (!/^https?:\/\//.test(url))
    throw new AcpgateError("usage", `--server must be an http(s) URL (got '${url}')`);
  return { url: url.replace(/\/+$/, ""), token };
}

/** One JSON call; a problem+json answer becomes a local error with the server's code and detail. */
export async function callServer<T>(
  server: RemoteServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new AcpgateError(
      "connection_closed",
      `cannot reach ${server.url}: ${errorMessage(error)}`,
    );
  }
  const text = await response.text();
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new AcpgateError(
      "internal",
      `${server.url}: the answer is not JSON (${response.status})`,
    );
  }
  if (response.ok) return json as T;
  const problem = json as { code?: unknown; detail?: unknown };
  const code = typeof problem.code === "string" ? problem.code : "internal";
  const detail = typeof problem.detail === "string" ? problem.detail : response.statusText;
  const local: ErrorCode =
    response.status === 404 ? "session_not_found" : response.status < 500 ? "usage" : "internal";
  throw new AcpgateError(local, `${server.url}: ${detail} (${code})`, {
    status: response.status,
    code,
  });
}

/** An API session view as the CLI's session printers read rows. */
export function rowOfView(view: Record<string, unknown>): SessionRow {
  return view as unknown as SessionRow;
}
