#!/usr/bin/env node
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { redactKnownSecrets } from "../../inputs/secretRegistry.js";
import { EXIT, exitCodeForError } from "./exitCodes.js";

const HELP = `acpgate — a governed control plane for ACP agents

Usage: acpgate <command> [options]

Commands:
  run [PROMPT | -]                 one unattended session for CI ('acpgate run --help')
  agents list|show|doctor          the catalogue; what an agent is given; probe its capabilities
  policy explain|replay            a policy's decision for a request; recorded requests re-decided
  audit list|show|verify|export    the audit trail ('acpgate audit --help')

With no acpgate.yaml, the embedded default serves: the bundled demo agent, SQLite under
.acpgate/, the read-only policy.

Options:
  -h, --help           this help
  -v, --version        the version
`;

type Command = (argv: string[]) => Promise<number>;

/** Loaded on demand: `--help` and small commands should not pay for the SDK and zod. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import("./runCommand.js")).runCommand,
  agents: async () => (await import("./agentsCommand.js")).agentsCommand,
  policy: async () => (await import("./policyCommand.js")).policyCommand,
  audit: async () => (await import("./auditCommand.js")).auditCommand,
  sessions: async () => (await import("./sessionsCommand.js")).sessionsCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    process.stdout.write(HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === "-v" || command === "--version") {
    process.stdout.write("acpgate 0.1.0\n");
    return EXIT.ok;
  }
  const load = COMMANDS[command];
  if (!load) throw new AcpgateError("usage", `unknown command '${command}'\n\n${HELP}`);
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`acpgate: ${redactKnownSecrets(errorMessage(error))}\n`);
    process.exitCode = error instanceof AcpgateError ? exitCodeForError(error.code) : EXIT.runtime;
  },
);
