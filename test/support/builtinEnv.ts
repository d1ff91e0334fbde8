import { delimiter, dirname, join } from "node:path";
import { node22Path, REAL_AGENT_MAIN } from "./realAgents.js";

/**
 * The only configuration a built-in real agent gets in the suite: `env` pointing it at the
 * mock LLM, with HOME in a temp dir and the mock as its proxy (so nothing leaves the
 * machine). Everything else — how it starts, its modes, its own safety env — comes from the
 * built-in catalogue. What each needed is in docs/agents.md.
 */
export type BuiltinRealAgent = "claude" | "codex" | "gemini" | "opencode";

export const BUILTIN_REAL_AGENTS: BuiltinRealAgent[] = ["claude", "codex", "gemini", "opencode"];

export function mockEnvFor(
  id: BuiltinRealAgent,
  mockUrl: string,
  home: string,
): Record<string, string> {
  const offline = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    HTTPS_PROXY: mockUrl,
    HTTP_PROXY: mockUrl,
    NO_PROXY: "127.0.0.1,localhost",
  };
  switch (id) {
    case "claude":
      // Its bin runs on the first `node` of PATH: claude-agent-acp 0.101 declares Node >=22.
      return {
        ...offline,
        PATH: `${dirname(node22Path())}${delimiter}${process.env.PATH ?? ""}`,
        ANTHROPIC_BASE_URL: mockUrl,
        ANTHROPIC_API_KEY: "mock-key",
      };
    case "codex":
      return {
        ...offline,
        // codex reads its base URL from its config, not OPENAI_BASE_URL; gpt-5.5 gets
        // exec_command and apply_patch from it.
        CODEX_CONFIG: JSON.stringify({ openai_base_url: `${mockUrl}/v1`, model: "gpt-5.5" }),
        OPENAI_API_KEY: "mock-key",
        DEFAULT_AUTH_REQUEST: JSON.stringify({ methodId: "api-key" }),
      };
    case "gemini":
      // An API key sends it to GOOGLE_GEMINI_BASE_URL without `authenticate`.
      return { ...offline, GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mockUrl };
    case "opencode":
      return {
        ...offline,
        // The built-in finds its bin `opencode` on PATH (installed by scripts/opencode.mjs).
        PATH: `${dirname(REAL_AGENT_MAIN.opencode)}${delimiter}${process.env.PATH ?? ""}`,
        OPENCODE_CONFIG_CONTENT: JSON.stringify({
          provider: {
            mock: {
              npm: "@ai-sdk/openai-compatible",
              options: { baseURL: `${mockUrl}/v1` },
              models: { "mock-model": {} },
            },
          },
          model: "mock/mock-model",
        }),
      };
  }
}

/** acpgate.yaml for built-in agents refined by `env` alone. */
export function envOnlyConfig(agents: Record<string, Record<string, string>>): string {
  const entries = Object.entries(agents).map(([id, env]) => [id, { env }] as const);
  return JSON.stringify({ agents: Object.fromEntries(entries) }, null, 2);
}
