import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

const SESSION_FLAG = {
  type: "string",
  arg: "ID",
  help: "only this session: its id, or a prefix of it as audit list shows it",
} as const;
const SINCE_FLAG = {
  type: "string",
  arg: "T",
  help: "records at or after T: a date/time, or a duration ago (24h, 7d)",
} as const;

export const AUDIT_LIST_FLAGS = {
  session: SESSION_FLAG,
  kind: { type: "string", arg: "K", help: "only records of kind K (docs/audit.md)" },
  since: SINCE_FLAG,
  limit: { type: "string", arg: "N", help: "only the newest N records (still oldest first)" },
  json: { type: "boolean", help: "one JSON line per record (schema acpgate.audit.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AUDIT_LIST = defineCommand({
  name: "audit list",
  summary: "audit records, one a line, oldest first",
  flags: AUDIT_LIST_FLAGS,
  load: async () => (await import("./auditListCommand.js")).auditListCommand,
});

export const AUDIT_SHOW_FLAGS = {
  json: { type: "boolean", help: "the record as one JSON line (schema acpgate.audit.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AUDIT_SHOW = defineCommand({
  name: "audit show",
  args: "ID",
  summary: "one audit record, every field",
  flags: AUDIT_SHOW_FLAGS,
  load: async () => (await import("./auditShowCommand.js")).auditShowCommand,
});

export const AUDIT_VERIFY_FLAGS = {
  anchor: {
    type: "string",
    multiple: true,
    arg: "HASH",
    help: "a hash printed earlier by 'audit anchor' and kept elsewhere: it must still be in the\nchain (detects a truncated or recomputed history); repeatable",
  },
  json: { type: "boolean", help: "the result as one JSON line (schema acpgate.audit-verify.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AUDIT_VERIFY = defineCommand({
  name: "audit verify",
  summary: "check the database and the hash chain (exit 1 if broken)",
  description: `Checks the audit database (SQLite's integrity check of the whole file) and recomputes the
hash chain of every record (keyed records with storage.chainKey). Exits 0 when intact;
otherwise exits 1 and names the first broken record (edited, removed or re-linked), or the
damage found.`,
  flags: AUDIT_VERIFY_FLAGS,
  load: async () => (await import("./auditVerifyCommand.js")).auditVerifyCommand,
});

export const AUDIT_ANCHOR_FLAGS = {
  json: {
    type: "boolean",
    help: "one JSON line {id, hash, records} (schema acpgate.audit-anchor.v1)",
  },
  config: CONFIG_FLAG,
} as const;

export const AUDIT_ANCHOR = defineCommand({
  name: "audit anchor",
  summary: "print the newest record's hash, to keep elsewhere",
  description: `Verifies the chain, then prints the hash of its newest record: keep it somewhere the
database's owner cannot rewrite (a CI artifact, a ticket, another system). Later,
'audit verify --anchor HASH' fails if that record is gone or the history up to it was
recomputed. Exits 1, printing nothing on stdout, when the chain is broken or empty.`,
  flags: AUDIT_ANCHOR_FLAGS,
  load: async () => (await import("./auditAnchorCommand.js")).auditAnchorCommand,
});

export const AUDIT_EXPORT_FLAGS = {
  format: { type: "string", arg: "FMT", help: "jsonl (the default and only format)" },
  json: { type: "boolean", help: "same as --format jsonl (schema acpgate.audit.v1)" },
  session: SESSION_FLAG,
  since: SINCE_FLAG,
  config: CONFIG_FLAG,
} as const;

export const AUDIT_EXPORT = defineCommand({
  name: "audit export",
  summary: "every audit record as one JSON line (schema acpgate.audit.v1)",
  description: "Writes every audit record as one JSON object per line (fields in docs/audit.md).",
  flags: AUDIT_EXPORT_FLAGS,
  load: async () => (await import("./auditExportCommand.js")).auditExportCommand,
});
