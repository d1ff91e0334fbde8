import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { BUILTIN_AGENT_IDS, Catalogue } from "../../agents/catalogue.js";
import { isRegistryUrl, parseRegistry, registryCachePath } from "../../agents/registrySource.js";
import { loadConfig } from "../../config/loadConfig.js";
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { catalogueView } from "./agentCatalogueView.js";
import type { AGENTS_IMPORT_FLAGS } from "./agentsSpecs.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";

export const AGENT_IMPORT_SCHEMA = "acpgate.agent-import.v1";
const FETCH_TIMEOUT_MS = 30_000;

/**
 * `acpgate agents import FILE|URL`: reads an ACP registry, checks it, and shows what its
 * agents become in the catalogue (built-in facts applied by id). A URL is fetched once and
 * kept under `.acpgate/registry/`, where `catalogue: {registry: URL}` reads it: runs never
 * fetch.
 */
export async function agentsImportCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof AGENTS_IMPORT_FLAGS>): Promise<number> {
  const source = positionals[0];
  if (source === undefined || positionals.length > 1)
    throw new AcpgateError(
      "usage",
      "agents import takes one registry FILE or URL\nSee 'acpgate agents import --help'.",
    );
  const cwd = process.cwd();
  const loaded = loadConfig({ file: values.config, cwd, builtinAgentIds: BUILTIN_AGENT_IDS });
  const baseDir = loaded.file ? dirname(loaded.file) : cwd;
  const text = isRegistryUrl(source) ? await fetchRegistry(source) : readRegistryFile(source, cwd);
  const agents = parseRegistry(text, source);
  let saved: string | undefined;
  if (isRegistryUrl(source)) {
    saved = registryCachePath(source, baseDir);
    mkdirSync(dirname(saved), { recursive: true });
    writeFileSync(saved, text);
  }
  // The registry as the catalogue would read it, with the config's own refinements.
  const registryPath = saved ?? resolve(cwd, source);
  const catalogue = new Catalogue(
    { agents: loaded.config.agents, catalogue: { registry: registryPath } },
    { baseDir },
  );
  const rows = agents.map((agent) => {
    const item = catalogue.item(agent.id);
    const view = catalogueView(item);
    return {
      schema: AGENT_IMPORT_SCHEMA,
      id: item.id,
      registryId: agent.id,
      version: agent.version,
      facts: item.facts ? item.facts.id : null,
      start: view.start,
      available: view.available,
      readOnlyModes: view.readOnlyModes,
    };
  });
  if (values.json) {
    for (const row of rows) out.write(`${JSON.stringify(row)}\n`);
    return EXIT.ok;
  }
  for (const row of rows)
    out.write(
      `${row.id.padEnd(14)} ${row.version.padEnd(10)} ${(row.facts ? `facts of ${row.facts}` : "no built-in facts").padEnd(22)} ${row.available.ok ? "✓" : "✗"} ${row.start}\n`,
    );
  out.write(
    `\n${agents.length} agent(s) in ${source}${saved ? `, saved to ${saved}` : ""}.\n` +
      `Use them with:  catalogue: { registry: ${JSON.stringify(source)} }\n`,
  );
  return EXIT.ok;
}

function readRegistryFile(source: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, source), "utf8");
  } catch (error) {
    throw new AcpgateError(
      "config_not_found",
      `cannot read registry ${source}: ${errorMessage(error)}`,
      {
        source,
      },
    );
  }
}

async function fetchRegistry(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new AcpgateError(
      "config_not_found",
      `cannot fetch registry ${url}: ${errorMessage(error)}`,
      {
        source: url,
      },
    );
  }
  if (!response.ok)
    throw new AcpgateError(
      "config_not_found",
      `cannot fetch registry ${url}: HTTP ${response.status}`,
      { source: url, status: response.status },
    );
  return response.text();
}
