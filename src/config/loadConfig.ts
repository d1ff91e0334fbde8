import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { LineCounter, parseDocument, isNode, type Document } from "yaml";
import type { z } from "zod";
import { AcpgateError } from "../util/errors.js";
import { configSchema, type AcpgateConfig } from "./schema.js";

export const DEFAULT_CONFIG_FILE = "acpgate.yaml";

export interface LoadedConfig {
  config: AcpgateConfig;
  /** The file it came from; undefined for the embedded default. */
  file: string | undefined;
}

/**
 * Loads `--config FILE`, else `acpgate.yaml` in `cwd`, else the embedded default (bundled
 * demo agent, SQLite under `.acpgate/`, read-only policy). Errors name file, line and field.
 */
export function loadConfig(options: { file?: string; cwd: string }): LoadedConfig {
  const explicit = options.file !== undefined;
  const file = resolve(options.cwd, options.file ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit) {
      throw new AcpgateError("config_not_found", `config file not found: ${file}`, { file });
    }
    return { config: parseConfig({}, undefined), file: undefined };
  }
  return { config: parseConfigText(readFileSync(file, "utf8"), file), file };
}

export function parseConfigText(text: string, file: string): AcpgateConfig {
  return parseConfigSource(text, file).config;
}

/** One problem of a configuration file, where it is: what `config check --json` lists. */
export interface ConfigIssue {
  file?: string;
  line?: number;
  /** Dotted path of the field (`agents.claude.command`), `(root)` for the document. */
  field: string;
  message: string;
}

/** `acpgate.yaml:12: agents.claude.command: …`, the form every config error takes. */
export function formatConfigIssue(issue: ConfigIssue): string {
  const where = issue.file === undefined ? "" : `${issue.file}:${issue.line ?? "?"}: `;
  return `${where}${issue.field}: ${issue.message}`;
}

export interface ConfigSource {
  config: AcpgateConfig;
  /** The line of the deepest node that exists along `path` (for checks beyond the schema). */
  lineOf: (path: readonly (string | number)[]) => number | undefined;
}

/**
 * Parses and validates one file's text. Throws config_invalid naming file:line for bad YAML,
 * and file:line: field for every schema issue (`details.configIssues` holds them as ConfigIssue[]).
 */
export function parseConfigSource(text: string, file: string): ConfigSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lineCounter.linePos(yamlError.pos[0]);
    const message = `invalid YAML: ${yamlError.message.split("\n")[0]}`;
    throw new AcpgateError("config_invalid", `${file}:${pos.line}:${pos.col}: ${message}`, {
      file,
      line: pos.line,
      configIssues: [{ file, line: pos.line, field: "(root)", message }],
    });
  }
  const data: unknown = doc.toJS() ?? {};
  const source: Source = { file, doc, lineCounter };
  return {
    config: parseConfig(data, source),
    lineOf: (path) => lineOf(source, path),
  };
}

interface Source {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
}

function parseConfig(data: unknown, source: Source | undefined): AcpgateConfig {
  const result = configSchema.safeParse(data);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => describeIssue(issue, source));
  const messages = details.map(formatConfigIssue);
  throw new AcpgateError("config_invalid", `invalid configuration:\n  ${messages.join("\n  ")}`, {
    file: source?.file,
    issues: messages,
    configIssues: details,
  });
}

function describeIssue(issue: z.core.$ZodIssue, source: Source | undefined): ConfigIssue {
  const path = issue.path.map(String);
  const field = path.length ? path.join(".") : "(root)";
  let message = issue.message;
  if (issue.code === "unrecognized_keys") message = `unknown field(s): ${issue.keys.join(", ")}`;
  if (!source) return { field, message };
  const line = lineOf(source, issue.path as (string | number)[]);
  return { file: source.file, ...(line !== undefined ? { line } : {}), field, message };
}

/** The line of the deepest node that exists along `path`. */
function lineOf(source: Source, path: readonly (string | number)[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = source.doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return source.lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}
