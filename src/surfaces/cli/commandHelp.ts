import { HELP_FLAG, type Command, type FlagSpec } from "./commandSpec.js";

/** `--since T`, `-h, --help`: a flag as the help names it. */
export function flagLabel(name: string, flag: FlagSpec): string {
  const long = `--${name}${flag.type === "string" ? ` ${flag.arg ?? "VALUE"}` : ""}`;
  return flag.short ? `-${flag.short}, ${long}` : long;
}

/** `acpgate audit list [options]`, `acpgate run [options] [PROMPT | -]`. */
export function usageLine(command: Command): string {
  return ["acpgate", command.name, "[options]", command.args].filter(Boolean).join(" ");
}

/** Two aligned columns; a long left cell pushes its text to the next line. */
function columns(rows: readonly (readonly [string, string])[], indent = "  "): string[] {
  const width = Math.min(24, Math.max(...rows.map(([left]) => left.length)));
  return rows.flatMap(([left, right]) => {
    const lines = right.split("\n");
    const first =
      left.length > width
        ? [`${indent}${left}`, `${indent}${" ".repeat(width + 2)}${lines[0] ?? ""}`]
        : [`${indent}${left.padEnd(width)}  ${lines[0] ?? ""}`];
    return [...first, ...lines.slice(1).map((line) => `${indent}${" ".repeat(width + 2)}${line}`)];
  });
}

/** `acpgate <command> --help`: usage, description, every flag, footer. */
export function formatCommandHelp(command: Command): string {
  const flags = [...Object.entries(command.flags), ["help", HELP_FLAG] as const];
  const parts = [
    `Usage: ${usageLine(command)}`,
    command.description,
    ["Options:", ...columns(flags.map(([name, flag]) => [flagLabel(name, flag), flag.help]))].join(
      "\n",
    ),
    command.footer,
  ];
  return parts.filter((part) => part !== undefined && part !== "").join("\n\n") + "\n";
}

/** The command list of `acpgate --help` and of a group's help: name, arguments, summary. */
export function formatCommandList(commands: readonly Command[], prefix = ""): string {
  return columns(
    commands.map((c) => [
      [c.name.slice(prefix.length), c.args].filter(Boolean).join(" "),
      c.summary,
    ]),
  ).join("\n");
}
