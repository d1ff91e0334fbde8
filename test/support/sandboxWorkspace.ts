import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { FIXTURES, runCli, type CliResult } from "./cli.js";

/** The files a sandbox test starts from, relative to the workspace. */
export const ORIGINAL: Record<string, string> = {
  "src/main.ts": "export {};\n",
  ".git/config": "[core]\n",
  ".acpgate/token": "acpgate's own\n",
};

/**
 * A workspace with `.git/`, `.acpgate/`, `src/` and an acpgate.yaml declaring `selfw` (the
 * self-writing fixture agent) with `sandbox`, and a secret file outside the workspace that
 * the config reads. HOME is a fresh dir beside it.
 */
export function sandboxWorkspace(
  sandbox: string,
  extra: Record<string, string> = {},
  /** More lines of the `workspace-write` policy (`    network: none`). */
  policyLines: string[] = [],
) {
  const root = mkdtempSync(join(tmpdir(), "acpgate-sandbox-"));
  const dir = join(root, "ws");
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  for (const [name, content] of Object.entries(ORIGINAL)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const secretFile = join(root, "secret.txt");
  writeFileSync(secretFile, "SECRET-VALUE-42\n");
  chmodSync(secretFile, 0o600);
  const agentEnv = JSON.stringify({ SANDBOX_TEST_MARK: root, ...extra });
  const config = [
    "secrets:",
    `  TOKEN: {from: file, path: ${JSON.stringify(secretFile)}}`,
    "agents:",
    "  selfw:",
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "sandboxWriterAgent.js"))}]`,
    `    env: ${agentEnv}`,
    `    sandbox: ${sandbox}`,
    "policies:",
    "  workspace-write:",
    "    allow:",
    '      - { kind: execute, commandRegex: ".*" }',
    ...policyLines,
    "",
  ].join("\n");
  writeFileSync(join(dir, "acpgate.yaml"), config);
  const env = (more: NodeJS.ProcessEnv = {}) => ({ ...process.env, HOME: home, ...more });
  return {
    root,
    dir,
    home,
    secretFile,
    config,
    read: (name: string) => readFileSync(join(dir, name), "utf8"),
    env,
    /** `acpgate run --agent selfw --format json PROMPT` in the workspace (workspace-write unless told). */
    run: (
      prompt: string,
      options: { policy?: string; env?: NodeJS.ProcessEnv } = {},
    ): Promise<CliResult> =>
      runCli(
        ["run", "--agent", "selfw", "--policy", options.policy ?? "workspace-write"].concat([
          "--format",
          "json",
          prompt,
        ]),
        { cwd: dir, env: options.env ?? env(), timeoutMs: 30_000 },
      ),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The RESULTS message of the self-writing agent, parsed. */
export function agentResults(stdout: string): {
  write: Record<string, string>;
  read: Record<string, string>;
  shell?: { status: number | null; stdout: string; stderr: string };
} {
  const match = /RESULTS (\{.*\})/.exec(
    stdout
      .split("\n")
      .map((l) => (l.startsWith("{") ? ((JSON.parse(l) as { text?: string }).text ?? "") : l))
      .join("\n"),
  );
  if (!match?.[1]) throw new Error(`no RESULTS in output:\n${stdout}`);
  return JSON.parse(match[1]) as ReturnType<typeof agentResults>;
}
