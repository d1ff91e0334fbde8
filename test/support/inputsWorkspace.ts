import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ECHO_AGENT = fileURLToPath(new URL("../fixtures/echoInputsAgent.js", import.meta.url));

/** Planted secret values: each must reach the agent and nowhere else. */
export const PLANTED = {
  env: "planted-env-secret-4f1c9a",
  file: "planted-file-secret-7b2e11",
  command: "planted-cmd-secret-93d0aa",
};

export const DECOY = "decoy-token-should-not-pass-5521";

/**
 * A temp dir with an acpgate.yaml (JSON is YAML) whose `echo` agent records what it got
 * into `out.json`; `agentArgs` add e.g. `--mcp-http`.
 */
export function inputsWorkspace(
  options: { agentArgs?: string[]; fileMode?: number; extra?: Record<string, unknown> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-inputs-"));
  const out = join(dir, "out.json");
  const secretFile = join(dir, "secret.txt");
  writeFileSync(secretFile, PLANTED.file + "\n");
  chmodSync(secretFile, options.fileMode ?? 0o600);
  writeFileSync(
    join(dir, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        fromEditor: { command: "editor-mcp", args: ["--x"], env: { K: "v" } },
        webEditor: { url: "http://127.0.0.1:9/editor", headers: { H: "h" } },
      },
    }),
  );
  const config = {
    secrets: {
      FROM_ENV: { from: "env", var: "PLANTED_ENV_SECRET" },
      FROM_FILE: { from: "file", path: "secret.txt" },
      FROM_CMD: {
        from: "command",
        command: process.execPath,
        args: ["-e", `process.stdout.write("  ${PLANTED.command}\\n")`],
        timeout: "20s",
      },
    },
    agents: {
      echo: {
        command: process.execPath,
        args: [ECHO_AGENT, "--say", "FROM_FILE", ...(options.agentArgs ?? [])],
        env: {
          ECHO_INPUTS_OUT: out,
          LITERAL_FLAG: "1",
          RENAMED: "Bearer ${secret:FROM_CMD}",
        },
        passEnv: ["PASSED_VAR"],
        secrets: ["FROM_ENV", "FROM_FILE"],
        // The fixture touches files only through the client: read-only is enforceable.
        fileAccess: "client",
      },
    },
    environments: {
      ci: {
        mcpServers: [
          {
            name: "files",
            command: "files-mcp",
            args: ["--root", "."],
            env: [{ name: "TOKEN", value: "${secret:FROM_CMD}" }],
          },
          {
            name: "docs",
            type: "http",
            url: "http://127.0.0.1:9/mcp",
            headers: [{ name: "Authorization", value: "Bearer ${secret:FROM_ENV}" }],
            required: false,
          },
        ],
      },
      strict: {
        mcpServers: [{ name: "search", type: "http", url: "http://127.0.0.1:9/s", headers: [] }],
      },
      imported: { mcpServersFile: { path: "mcp.json", required: false } },
    },
    ...options.extra,
  };
  writeFileSync(join(dir, "acpgate.yaml"), JSON.stringify(config, null, 2));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: "C.UTF-8",
    PLANTED_ENV_SECRET: PLANTED.env,
    ACPGATE_DECOY_TOKEN: DECOY,
    PASSED_VAR: "passed-through",
    // The echo agent writes its report into the workspace: the runner's sandbox default holds.
    ...(process.env.ACPGATE_SANDBOX ? { ACPGATE_SANDBOX: process.env.ACPGATE_SANDBOX } : {}),
  };
  return {
    cwd: dir,
    env,
    readOut: () => JSON.parse(readFileSync(out, "utf8")) as EchoRecord,
  };
}

export interface EchoRecord {
  env: Record<string, string>;
  sessionNew?: { cwd: string; mcpServers: Record<string, unknown>[] };
  sessionLoad?: { cwd: string; mcpServers: Record<string, unknown>[]; sessionId: string };
  authenticate?: { methodId: string; _meta?: unknown };
}

/** Every file under `dir` (recursively) whose content contains `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (readFileSync(full).includes(needle)) hits.push(full);
    }
  };
  walk(dir);
  return hits;
}
