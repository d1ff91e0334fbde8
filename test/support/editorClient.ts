import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
  client,
  ndJsonStream,
  RequestError,
  type ClientConnection,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import { CLI } from "./cli.js";

/**
 * An editor written with the SDK: spawns `acpgate proxy ARGS` and talks ACP to it over its
 * stdio. Every `session/update` it receives is kept raw (from a tap before the SDK), and
 * permission requests are answered by `onPermission`.
 */
export interface EditorClient {
  connection: ClientConnection;
  child: ChildProcessWithoutNullStreams;
  /** Raw session/update params as they arrived (nothing stripped). */
  updates: Record<string, unknown>[];
  permissions: RequestPermissionRequest[];
  /** Every raw line the proxy wrote to stdout (must all be JSON). */
  lines: string[];
  stderr(): string;
  close(): Promise<number | null>;
}

export function startEditor(
  args: string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    onPermission?: (r: RequestPermissionRequest) => RequestPermissionResponse;
    /** Answers elicitation/create (the editor's form); unset: the SDK's -32601. */
    onElicitation?: (params: unknown) => Record<string, unknown>;
    /** The editor's buffers: fs/* calls are served from (and written to) this map. */
    buffers?: Map<string, string>;
    /** The editor's terminals: every terminal/* call is recorded here and answered as run. */
    terminals?: { method: string; params: Record<string, unknown> }[];
  },
): EditorClient {
  const child = spawn(process.execPath, [CLI, "proxy", ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const updates: Record<string, unknown>[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const lines: string[] = [];
  const base = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const readable = base.readable.pipeThrough(
    new TransformStream({
      transform(message, controller) {
        lines.push(JSON.stringify(message));
        const m = message as { method?: string; params?: Record<string, unknown> };
        if (m.method === "session/update" && m.params) updates.push(m.params);
        controller.enqueue(message);
      },
    }),
  );
  const base0 = client({ name: "test-editor" });
  const onElicitation = options.onElicitation;
  if (onElicitation)
    base0.onRequest("elicitation/create", (cx) => onElicitation(cx.params) as never);
  const terminals = options.terminals;
  if (terminals) {
    const record = (method: string, params: unknown): void =>
      void terminals.push({ method, params: params as Record<string, unknown> });
    base0
      .onRequest("terminal/create", (cx) => {
        record("terminal/create", cx.params);
        return { terminalId: `editor-term-${terminals.length}` };
      })
      .onRequest("terminal/wait_for_exit", (cx) => {
        record("terminal/wait_for_exit", cx.params);
        return { exitCode: 0 };
      })
      .onRequest("terminal/output", (cx) => {
        record("terminal/output", cx.params);
        return { output: "hi from the editor\n", truncated: false, exitStatus: { exitCode: 0 } };
      })
      .onRequest("terminal/release", (cx) => {
        record("terminal/release", cx.params);
        return {};
      })
      .onRequest("terminal/kill", (cx) => {
        record("terminal/kill", cx.params);
        return {};
      });
  }
  const app = base0
    .onRequest("session/request_permission", (cx) => {
      permissions.push(cx.params);
      return options.onPermission?.(cx.params) ?? { outcome: { outcome: "cancelled" as const } };
    })
    .onNotification("session/update", () => undefined)
    .onRequest("fs/read_text_file", (cx) => {
      const content = options.buffers?.get(cx.params.path);
      if (content === undefined) throw RequestError.resourceNotFound(cx.params.path);
      return { content };
    })
    .onRequest("fs/write_text_file", (cx) => {
      options.buffers?.set(cx.params.path, cx.params.content);
      return {};
    });
  const connection = app.connect({ readable, writable: base.writable });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return {
    connection,
    child,
    updates,
    permissions,
    lines,
    stderr: () => stderr,
    async close() {
      connection.close();
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** The text of the agent's message chunks among raw updates. */
export function agentText(updates: Record<string, unknown>[]): string {
  return updates
    .map((u) => u.update as { sessionUpdate?: string; content?: { text?: string } })
    .filter((u) => u.sessionUpdate === "agent_message_chunk")
    .map((u) => u.content?.text ?? "")
    .join("");
}
