import { AcpgateError } from "../../util/errors.js";
import { formatCommandList } from "./commandHelp.js";
import type { Command } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";

export type Resolved =
  | { kind: "help"; text: string; code: number }
  | { kind: "version" }
  | { kind: "command"; command: Command; argv: string[] };

const isHelp = (word: string | undefined): boolean =>
  word === "-h" || word === "--help" || word === "help";

/** `acpgate --help`: every command of the table with its summary. */
export function mainHelp(commands: readonly Command[]): string {
  return `acpgate — a governed control plane for ACP agents

Usage: acpgate <command> [options]

Commands:
${formatCommandList(commands)}

Every command has --help ('acpgate audit list --help'). With --json, a command prints JSON
Lines: one object a line, each with a "schema" naming its shape (docs/cli.md).
With no acpgate.yaml, the embedded default serves: the bundled demo agent, SQLite under
.acpgate/, the read-only policy.

Options:
  -h, --help     this help
  -v, --version  the version
`;
}

/** `acpgate audit --help`: the group's commands. */
export function groupHelp(commands: readonly Command[], group: string): string {
  const members = commands.filter((c) => c.name.startsWith(`${group} `));
  return `Usage: acpgate ${group} <command> [options]

Commands:
${formatCommandList(members, `${group} `)}

See 'acpgate ${group} <command> --help' for a command's options.
`;
}

/**
 * Finds the command argv names: a top-level command (`run`) or a group and its member
 * (`audit list`). `help [COMMAND…]` and `--help` print the help of what they name.
 */
export function resolveCommand(commands: readonly Command[], argv: readonly string[]): Resolved {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: "help", text: mainHelp(commands), code: EXIT.usage };
  if (first === "-v" || first === "--version") return { kind: "version" };
  if (isHelp(first)) {
    if (rest.length === 0) return { kind: "help", text: mainHelp(commands), code: EXIT.ok };
    return resolveCommand(commands, [...rest, "--help"]);
  }
  const top = commands.find((c) => c.name === first);
  if (top) return { kind: "command", command: top, argv: [...rest] };
  const group = commands.filter((c) => c.name.startsWith(`${first} `));
  if (group.length === 0)
    throw new AcpgateError("usage", `unknown command '${first}'\n\n${mainHelp(commands)}`);
  const [sub, ...subArgv] = rest;
  if (sub === undefined || isHelp(sub))
    return {
      kind: "help",
      text: groupHelp(commands, first),
      code: sub === undefined ? EXIT.usage : EXIT.ok,
    };
  const member = group.find((c) => c.name === `${first} ${sub}`);
  if (!member)
    throw new AcpgateError(
      "usage",
      `unknown '${first}' command '${sub}'\n\n${groupHelp(commands, first)}`,
    );
  return { kind: "command", command: member, argv: subArgv };
}
