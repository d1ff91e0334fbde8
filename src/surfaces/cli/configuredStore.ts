import { BUILTIN_AGENT_IDS } from "../../agents/catalogue.js";
import { dirname } from "node:path";
import { loadConfig } from "../../config/loadConfig.js";
import { openAuditStore } from "../../audit/openAuditStore.js";
import { CredentialBroker } from "../../inputs/credentialBroker.js";
import type { SqlAuditStore } from "../../audit/sqlAuditStore.js";
import { parseDuration } from "../../util/duration.js";
import { AcpgateError } from "../../util/errors.js";

/**
 * The audit store of `--config FILE` (or ./acpgate.yaml, or the embedded default), opened for
 * reading: the audit commands create no database and need no write access to one.
 */
export async function openConfiguredStore(configFile: string | undefined): Promise<SqlAuditStore> {
  const cwd = process.cwd();
  const { config, file } = loadConfig({
    file: configFile,
    cwd,
    builtinAgentIds: BUILTIN_AGENT_IDS,
  });
  // The chain key (storage.chainKey) is read like the plane reads it, and only by `verify`.
  const broker = new CredentialBroker({
    planeEnv: process.env,
    baseDir: file ? dirname(file) : cwd,
  });
  return openAuditStore(config.storage, cwd, {
    access: "read",
    secret: (name) => broker.value(name, config.secrets),
  });
}

/** `--since`: an ISO date/time, or a duration meaning that long ago (`24h`, `30m`). */
export function parseSince(text: string | undefined, now = Date.now()): string | undefined {
  if (text === undefined) return undefined;
  if (/^\d+(?:\.\d+)?\s*(?:ms|s|m|h)$/.test(text.trim())) {
    return new Date(now - parseDuration(text)).toISOString();
  }
  const days = /^(\d+)d$/.exec(text.trim());
  if (days) return new Date(now - Number(days[1]) * 86_400_000).toISOString();
  const time = Date.parse(text);
  if (Number.isNaN(time)) {
    throw new AcpgateError(
      "usage",
      `--since: '${text}' is neither a date/time nor a duration (24h, 7d)`,
    );
  }
  return new Date(time).toISOString();
}
