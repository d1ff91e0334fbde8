#!/usr/bin/env node
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { redactKnownSecrets } from "../../inputs/secretRegistry.js";
import { EXIT, exitCodeForError } from "./exitCodes.js";

const HELP = `acpgate — a governed control plane for ACP agents

Usage: acpgate <command> [options]

Commands:
  run [PROMPT | -]     one unattended session for CI (see 'acpgate run --help')
  agents list          the agents of the catalogue
  policy explain       the decision a policy makes for a request, and why
  policy replay        recorded permission requests decided again under another policy
  agents show ID       what an agent is given (--env NAME): env names, MCP servers, secrets
  audit list|show|verify|export   the audit trail (see 'acpgate audit --help')

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
