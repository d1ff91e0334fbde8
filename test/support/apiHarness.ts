import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import { createLogger } from "../../src/audit/logger.js";
import type { Role } from "../../src/config/serverSchema.js";
import { createPlane, type Plane } from "../../src/surfaces/plane.js";
import { ApprovalDesk } from "../../src/surfaces/server/approvalDesk.js";
import type { AppEnv } from "../../src/surfaces/server/appEnv.js";
import type { SseOptions } from "../../src/surfaces/server/appDeps.js";
import { createApp } from "../../src/surfaces/server/createApp.js";
import { tokenHash, TokenRegistry } from "../../src/surfaces/server/tokens.js";
import { tempDir } from "./tempDir.js";

/** A token per role, as `Authorization` headers. */
export const TOKENS: Record<Role, string> = {
  viewer: "acpg_test_viewer_token_000000000000000000000",
  operator: "acpg_test_operator_token_00000000000000000000",
  approver: "acpg_test_approver_token_00000000000000000000",
  admin: "acpg_test_admin_token_0000000000000000000000000",
};

export function auth(role: Role, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${TOKENS[role]}`, ...extra };
}

/** A policy where every edit asks a person: the approval path of the demo agent's @write. */
export const REVIEWED_CONFIG = `storage: { sqlite: .acpgate/acpgate.db }
agents:
  envy:
    command: node
    args: [--version]
    env: { ENVY_FLAG: "value-that-must-not-show" }
policies:
  reviewed:
    posture: workspace-write
    ask:
      - { id: edits-need-a-person, kind: edit }
`;

export interface ApiHarness {
  app: Hono<AppEnv>;
  plane: Plane;
  desk: ApprovalDesk;
  dir: string;
  /** JSON request helper: `call("POST", path, role, body)`. */
  call(method: string, path: string, role?: Role, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** createApp over a real plane: the demo agent as a real process, SQLite in a temp dir. */
export function apiHarness(
  options: {
    approvalTimeoutMs?: number;
    sse?: SseOptions;
    files?: Record<string, string>;
    eventLogCapacity?: number;
    /** Lines appended under `agents:` of the config. */
    agentsYaml?: string;
    /** The portal's files (default: the built dist/web/). */
    webRoot?: string | false;
  } = {},
): ApiHarness {
  const ws = tempDir({ "notes.txt": "original\n", ...(options.files ?? {}) });
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    REVIEWED_CONFIG.replace("agents:\n", `agents:\n${options.agentsYaml ?? ""}`),
  );
  const plane = createPlane({
    cwd: ws.dir,
    configFile: join(ws.dir, "acpgate.yaml"),
    surface: "api",
    logger: createLogger({ format: "json", level: "error" }),
    ...(options.eventLogCapacity ? { eventLogCapacity: options.eventLogCapacity } : {}),
  });
  const tokens = new TokenRegistry(
    (Object.keys(TOKENS) as Role[]).map((role) => ({
      name: role,
      role,
      sha256: tokenHash(TOKENS[role]),
    })),
  );
  const desk = new ApprovalDesk(options.approvalTimeoutMs ?? 30_000);
  const app = createApp({
    plane,
    tokens,
    desk,
    ...(options.sse ? { sse: options.sse } : {}),
    ...(options.webRoot !== undefined ? { webRoot: options.webRoot } : {}),
  });
  const call = (method: string, path: string, role?: Role, body?: unknown): Promise<Response> =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          ...(role ? auth(role) : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined
          ? { body: typeof body === "string" ? body : JSON.stringify(body) }
          : {}),
      }),
    );
  return {
    app,
    plane,
    desk,
    dir: ws.dir,
    call,
    close: async () => {
      await plane.dispose().catch(() => undefined);
      ws.cleanup();
    },
  };
}

/** Polls `check` until it returns a value (or throws after `ms`). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
