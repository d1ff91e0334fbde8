import { resolveCommand } from "../../agents/catalogue.js";
import { createPlane } from "../plane.js";
import { parseCommandArgs } from "./args.js";
import { doctorCommand } from "./doctorCommand.js";
import { EXIT } from "./exitCodes.js";
import { AcpgateError } from "../../util/errors.js";
import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { formatAgentView, showAgent } from "./agentsShow.js";

export const AGENTS_HELP = `Usage: acpgate agents list [--json] [--config FILE]
       acpgate agents show ID [--env NAME] [--json] [--config FILE]
       acpgate agents doctor ID|--all [--json]   (see 'acpgate agents doctor --help')

list: the agents of the catalogue (the built-in demo agent and those in acpgate.yaml).
show: what agent ID would be given: command, args, environment variable names (values
      masked), the MCP servers of environment NAME and the secrets referenced (names only).
`;

export async function agentsCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "doctor") return doctorCommand(rest);
  const { values, positionals } = parseCommandArgs("agents", rest, {
    json: { type: "boolean" },
    env: { type: "string" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help || sub === undefined || sub === "--help" || sub === "-h") {
    process.stdout.write(AGENTS_HELP);
    return EXIT.ok;
  }
  if (sub === "show") {
    const id = positionals[0];
    if (id === undefined || positionals.length > 1)
      throw new AcpgateError("usage", `agents show takes one agent ID\n${AGENTS_HELP}`);
    const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
    try {
      const view = showAgent(plane, id, values.env);
      process.stdout.write(
        redactKnownSecrets(
          values.json ? JSON.stringify(view, null, 2) + "\n" : formatAgentView(view),
        ),
      );
    } finally {
      await plane.dispose();
    }
    return EXIT.ok;
  }
  if (sub !== "list")
    throw new AcpgateError("usage", `unknown 'agents' command '${sub}'\n${AGENTS_HELP}`);
  const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
  const rows = plane.catalogue.ids().map((id) => {
    const entry = plane.catalogue.get(id);
    const command = resolveCommand(entry);
    return {
      id,
      command: [command.command, ...command.args].join(" "),
      dialect: entry.dialect,
      description: entry.description ?? "",
    };
  });
  await plane.dispose();
  if (values.json) process.stdout.write(JSON.stringify(rows, null, 2) + "\n");
  else
    for (const row of rows)
      process.stdout.write(`${row.id.padEnd(12)} ${row.description || row.command}\n`);
  return EXIT.ok;
}
