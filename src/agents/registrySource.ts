import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { AcpgateError } from "../util/errors.js";
import { registryAgents, registryDocumentSchema, type RegistryAgent } from "./registryFormat.js";

/** Whether a registry source is fetched (http/https) rather than read from a file. */
export function isRegistryUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * Where `acpgate agents import URL` keeps a fetched registry for runs to read: runs never
 * fetch (a run must not depend on the network, nor change because a URL did).
 */
export function registryCachePath(url: string, baseDir: string): string {
  const key = createHash("sha256").update(url).digest("hex").slice(0, 16);
  return join(baseDir, ".acpgate", "registry", `${key}.json`);
}

/** The file a configured source reads: the path itself, or the cached copy of a URL. */
export function registryFileOf(source: string, baseDir: string): string {
  if (!isRegistryUrl(source)) return isAbsolute(source) ? source : resolve(baseDir, source);
  const cached = registryCachePath(source, baseDir);
  if (!existsSync(cached))
    throw new AcpgateError(
      "config_invalid",
      `registry ${source} has not been fetched; run 'acpgate agents import ${source}' once`,
      { source, cache: cached },
    );
  return cached;
}

/** Parses a registry document's text; `label` names it in errors. */
export function parseRegistry(text: string, label: string): RegistryAgent[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AcpgateError("config_invalid", `registry ${label} is not JSON: ${String(error)}`, {
      source: label,
    });
  }
  const parsed = registryDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new AcpgateError(
      "config_invalid",
      `registry ${label} is not in the ACP registry format: ${where}${issue?.message ?? "invalid"}`,
      { source: label },
    );
  }
  const agents = registryAgents(parsed.data);
  const seen = new Set<string>();
  for (const agent of agents) {
    if (seen.has(agent.id))
      throw new AcpgateError("config_invalid", `registry ${label} lists '${agent.id}' twice`, {
        source: label,
      });
    seen.add(agent.id);
  }
  return agents;
}

/** Reads a configured registry source (a file, or a fetched URL's cache). */
export function readRegistry(source: string, baseDir: string): RegistryAgent[] {
  const file = registryFileOf(source, baseDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new AcpgateError(
      "config_invalid",
      `cannot read registry ${source}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { source },
    );
  }
  return parseRegistry(text, source);
}
