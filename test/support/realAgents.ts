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
  claude: join(root, "node_modules/@zed-industries/claude-agent-acp/dist/index.js"),
  gemini: join(root, "node_modules/@google/gemini-cli/bundle/gemini.js"),
  codex: join(root, "node_modules/@agentclientprotocol/codex-acp/dist/index.js"),
} as const;

export type RealAgentId = keyof typeof REAL_AGENT_MAIN;
/** The agents of the rehearsed swap (codex is tested on its own: test/e2e/realCodex.test.ts). */
export const REAL_AGENT_IDS: RealAgentId[] = ["claude", "gemini"];

export function realAgentInstalled(id: RealAgentId): boolean {
  return existsSync(REAL_AGENT_MAIN[id]);
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
  return home;
}

/** The catalogue entry of one real agent, talking to the mock at `mockUrl`. */
export function realAgentEntry(id: RealAgentId, mockUrl: string, home: string): AgentEntryInput {
  const gateway = { gateway: { baseUrl: mockUrl, headers: {} } };
  if (id === "claude") {
    return {
      description: "claude-agent-acp (Claude Code over ACP) on the mock LLM",
      command: process.execPath,
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
      // Claude writes files itself: read-only is held by its `plan` mode.
      modes: { plan: "read-only", default: "workspace-write", acceptEdits: "workspace-write" },
      startupTimeout: "60s",
    };
  }
  if (id === "codex")
    return codexEntry(REAL_AGENT_MAIN.codex, mockUrl, noNetworkEnv(mockUrl, home));
  return {
    description: "gemini --acp (Gemini CLI) on the mock LLM",
    command: process.execPath,
    args: [REAL_AGENT_MAIN.gemini, "--acp"],
    env: { ...noNetworkEnv(mockUrl, home), GEMINI_CLI_NO_RELAUNCH: "true" },
    auth: { method: "gateway", meta: gateway },
    // Gemini may write files itself: read-only is held by its `plan` mode.
    modes: { plan: "read-only", default: "workspace-write", autoEdit: "workspace-write" },
    startupTimeout: "60s",
  };
}
