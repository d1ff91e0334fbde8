import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import type { AGENTS_LIST_FLAGS, AGENTS_SHOW_FLAGS } from "./agentsSpecs.js";
import { formatAgentView, showAgent } from "./agentsShow.js";
import { catalogueView } from "./agentCatalogueView.js";
import { formatAgentTable, listRow } from "./agentTable.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";

export { AGENT_SCHEMA, AGENT_INPUTS_SCHEMA } from "./agentSchemaTags.js";
import { AGENT_INPUTS_SCHEMA } from "./agentSchemaTags.js";

export async function agentsListCommand({
  values,
  out,
}: CommandInput<typeof AGENTS_LIST_FLAGS>): Promise<number> {
  const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
  const views = plane.catalogue.ids().map((id) => catalogueView(plane.catalogue.item(id)));
  await plane.dispose();
  if (values.json) {
    for (const view of views) out.write(`${JSON.stringify(listRow(view))}\n`);
    return EXIT.ok;
  }
  out.write(redactKnownSecrets(formatAgentTable(views)));
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
