import { resolveCommand } from "../../agents/catalogue.js";
import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import type { AGENTS_LIST_FLAGS, AGENTS_SHOW_FLAGS } from "./agentsSpecs.js";
import { formatAgentView, showAgent } from "./agentsShow.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";

/** `agents list --json`: the version of each line, bumped on incompatible change. */
export const AGENT_SCHEMA = "acpgate.agent.v1";
/** `agents show --json`. */
export const AGENT_INPUTS_SCHEMA = "acpgate.agent-inputs.v1";

export async function agentsListCommand({
  values,
  out,
}: CommandInput<typeof AGENTS_LIST_FLAGS>): Promise<number> {
  const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
  const rows = plane.catalogue.ids().map((id) => {
    const entry = plane.catalogue.get(id);
    const command = resolveCommand(entry);
    return {
      schema: AGENT_SCHEMA,
      id,
      command: [command.command, ...command.args].join(" "),
      dialect: entry.dialect,
      description: entry.description ?? "",
    };
  });
  await plane.dispose();
  for (const row of rows)
    out.write(
      values.json
        ? `${JSON.stringify(row)}\n`
        : `${row.id.padEnd(12)} ${row.description || row.command}\n`,
    );
  return EXIT.ok;
}

export async function agentsShowCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof AGENTS_SHOW_FLAGS>): Promise<number> {
  const id = positionals[0];
  if (id === undefined || positionals.length > 1)
    throw new AcpgateError(
      "usage",
      "agents show takes one agent ID\nSee 'acpgate agents show --help'.",
    );
  const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
  try {
    const view = showAgent(plane, id, values.env);
    out.write(
      redactKnownSecrets(
        values.json
          ? `${JSON.stringify({ schema: AGENT_INPUTS_SCHEMA, ...view })}\n`
          : formatAgentView(view),
      ),
    );
  } finally {
    await plane.dispose();
  }
  return EXIT.ok;
}
