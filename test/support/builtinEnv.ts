import { join } from "node:path";

/**
 * The only configuration a built-in real agent gets in the suite: `env` pointing it at the
 * mock LLM, with HOME in a temp dir and the mock as its proxy (so nothing leaves the
 * machine). Everything else — how it starts, its modes — comes from the built-in catalogue.
 */
export type BuiltinRealAgent = "gemini";

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
    case "gemini":
      // An API key sends it to GOOGLE_GEMINI_BASE_URL without `authenticate`.
      return { ...offline, GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mockUrl };
  }
}

/** acpgate.yaml for built-in agents refined by `env` alone. */
export function envOnlyConfig(agents: Record<string, Record<string, string>>): string {
  return JSON.stringify(
    { agents: Object.fromEntries(Object.entries(agents).map(([id, env]) => [id, { env }])) },
    null,
    2,
  );
}
