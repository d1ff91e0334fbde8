import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseDocument } from "yaml";
import { DEFAULT_CONFIG_FILE, loadConfig } from "../../config/loadConfig.js";
import { ROLES, type Role } from "../../config/serverSchema.js";
import { BUILTIN_AGENT_IDS } from "../../agents/catalogue.js";
import { AcpgateError } from "../../util/errors.js";
import { newToken, tokenHash } from "../server/tokens.js";
import { oneOf } from "./args.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";
import type { TOKEN_CREATE_FLAGS } from "./serveSpecs.js";

/** `acpgate token create`: the token on stdout once, its hash in the config file. */
export async function tokenCreateCommand({
  values,
  out,
}: CommandInput<typeof TOKEN_CREATE_FLAGS>): Promise<number> {
  if (values.role === undefined)
    throw new AcpgateError("usage", `--role is required (${ROLES.join(", ")})`);
  const role = oneOf<Role>("role", values.role, ROLES, "viewer");
  const name = values.name?.trim();
  if (!name || !/^[\w.@-]{1,64}$/.test(name))
    throw new AcpgateError("usage", "--name is required: letters, digits, . _ @ - (at most 64)");
  const file = resolve(values.config ?? DEFAULT_CONFIG_FILE);
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  // The file must load before and after: a token is never written into a broken config.
  if (text) loadConfig({ file, cwd: process.cwd(), builtinAgentIds: BUILTIN_AGENT_IDS });
  const doc = parseDocument(text);
  const existing = (doc.getIn(["server", "tokens"]) ?? undefined) as
    { toJSON(): unknown } | undefined;
  const list = (existing?.toJSON() ?? []) as { name?: string }[];
  if (list.some((t) => t.name === name))
    throw new AcpgateError(
      "usage",
      `a token named '${name}' exists in ${file}; remove it first or pick another name`,
    );
  const token = newToken();
  const entry = { name, role, sha256: tokenHash(token) };
  if (existing) doc.addIn(["server", "tokens"], doc.createNode(entry));
  else doc.setIn(["server", "tokens"], doc.createNode([entry]));
  const written = doc.toString();
  writeFileSync(file, written, { mode: 0o600 });
  try {
    loadConfig({ file, cwd: process.cwd(), builtinAgentIds: BUILTIN_AGENT_IDS });
  } catch (error) {
    writeFileSync(file, text);
    throw error;
  }
  out.write(`${token}\n`);
  process.stderr.write(
    `acpgate: token '${name}' (${role}) added to ${file} as a hash; it is shown only now. Restart acpgate serve to use it.\n`,
  );
  return EXIT.ok;
}
