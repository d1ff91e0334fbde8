#!/usr/bin/env node
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { agentsCommand } from "./agentsCommand.js";
import { auditCommand } from "./auditCommand.js";
import { EXIT, exitCodeForError } from "./exitCodes.js";
import { runCommand } from "./runCommand.js";

const HELP = `acpgate — a governed control plane for ACP agents

Usage: acpgate <command> [options]

Commands:
  run [PROMPT | -]     one unattended session for CI (see 'acpgate run --help')
  agents list          the agents of the catalogue
  audit list|show|verify|export   the audit trail (see 'acpgate audit --help')

Options:
  -h, --help           this help
  -v, --version        the version
`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  run: runCommand,
  agents: agentsCommand,
  audit: auditCommand,
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
  const handler = COMMANDS[command];
  if (!handler) throw new AcpgateError("usage", `unknown command '${command}'\n\n${HELP}`);
  return handler(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`acpgate: ${errorMessage(error)}\n`);
    process.exitCode = error instanceof AcpgateError ? exitCodeForError(error.code) : EXIT.runtime;
  },
);
