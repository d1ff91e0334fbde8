import { AGENTS_DOCTOR, AGENTS_IMPORT, AGENTS_LIST, AGENTS_SHOW } from "./agentsSpecs.js";
import { AUDIT_ANCHOR, AUDIT_EXPORT, AUDIT_LIST, AUDIT_SHOW, AUDIT_VERIFY } from "./auditSpecs.js";
import type { Command } from "./commandSpec.js";
import { CONFIG_CHECK, CONFIG_SCHEMA } from "./configSpecs.js";
import { POLICY_EXPLAIN, POLICY_REPLAY } from "./policySpecs.js";
import { PROXY } from "./proxySpec.js";
import { RUN } from "./runSpec.js";
import { SERVE, TOKEN_CREATE } from "./serveSpecs.js";
import {
  SESSIONS_APPROVE,
  SESSIONS_CANCEL,
  SESSIONS_LIST,
  SESSIONS_SHOW,
} from "./sessionsSpecs.js";

/**
 * Every command, in the order `acpgate --help` lists them. A new command is a spec
 * (`defineCommand`, in its family's *Specs.ts) and one row here: dispatch, `--help`, the
 * group's help and the README check (test/cli) all read this table.
 */
export const COMMANDS: readonly Command[] = [
  RUN,
  SERVE,
  PROXY,
  AGENTS_LIST,
  AGENTS_SHOW,
  AGENTS_IMPORT,
  AGENTS_DOCTOR,
  POLICY_EXPLAIN,
  POLICY_REPLAY,
  AUDIT_LIST,
  AUDIT_SHOW,
  AUDIT_VERIFY,
  AUDIT_ANCHOR,
  AUDIT_EXPORT,
  SESSIONS_LIST,
  SESSIONS_SHOW,
  SESSIONS_CANCEL,
  SESSIONS_APPROVE,
  TOKEN_CREATE,
  CONFIG_SCHEMA,
  CONFIG_CHECK,
];

/** `audit` for `audit list`; undefined for a top-level command (`run`). */
export function groupOf(command: Command): string | undefined {
  const space = command.name.indexOf(" ");
  return space < 0 ? undefined : command.name.slice(0, space);
}
