import type { AgentEntryInput } from "../../src/config/agentSchema.js";

/**
 * The catalogue entry of codex-acp 2.6 (`@agentclientprotocol/codex-acp`, which runs the
 * native `codex app-server` of `@openai/codex` 0.166) on the mock LLM. Beyond the offline
 * environment every real agent gets (HOME in a temp dir, the mock as HTTP(S) proxy):
 *
 * - `CODEX_CONFIG` (read by codex-acp, applied to each thread): `openai_base_url` points
 *   codex's OpenAI provider at the mock — codex 0.166 ignores an `OPENAI_BASE_URL` variable —
 *   and `model: gpt-5.5`, a model for which codex offers plain `exec_command` and a freeform
 *   `apply_patch`; its default (`gpt-6.1-sol`) offers only a JavaScript `exec` tool.
 * - `OPENAI_API_KEY` (any value) with `auth: api-key`: codex-acp requires a login before
 *   `session/new` and logs codex in with the key it finds in its own environment.
 *
 * Codex runs its shell tools under its own bubblewrap sandbox (the bwrap bundled in the npm
 * package when none is on PATH; its helper is the codex binary itself, under the name
 * `codex-linux-sandbox`): nothing else is installed or put on PATH.
 */
export function codexEntry(
  main: string,
  mockUrl: string,
  env: Record<string, string>,
): AgentEntryInput {
  return {
    description: "codex-acp (OpenAI Codex over ACP) on the mock LLM",
    command: process.execPath,
    args: [main],
    env: {
      ...env,
      CODEX_CONFIG: JSON.stringify({ openai_base_url: `${mockUrl}/v1`, model: "gpt-5.5" }),
      OPENAI_API_KEY: "mock-openai-key",
    },
    auth: { method: "api-key" },
    // Only codex's `read-only` mode asks before every file change (its `workspace-write` and
    // `agent` modes patch workspace files without asking), so acpgate keeps codex in it under
    // both postures and the policy decides each write.
    modes: { "read-only": "read-only" },
    startupTimeout: "60s",
  };
}
