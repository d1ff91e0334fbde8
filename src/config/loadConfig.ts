import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { LineCounter, parseDocument, isMap, isNode, isScalar, visit, type Document } from "yaml";
import { AcpgateError, errorMessage, isAcpgateError } from "../util/errors.js";
import { checkConfig, type ConfigProblem } from "./checkConfig.js";
import { describeIssue } from "./describeIssue.js";
import { configSchema, type AcpgateConfig } from "./schema.js";

export const DEFAULT_CONFIG_FILE = "acpgate.yaml";

/**
 * Alias references one document may expand (the yaml package's own default, stated so it is
 * never raised by accident): a few lines of nested aliases ("billion laughs") would otherwise
 * expand to gigabytes.
 */
export const MAX_ALIAS_COUNT = 100;

export interface LoadedConfig {
  config: AcpgateConfig;
  /** The file it came from; undefined for the embedded default. */
  file: string | undefined;
}

/**
 * Loads `--config FILE`, else `acpgate.yaml` in `cwd`, else the embedded default (bundled
 * demo agent, SQLite under `.acpgate/`, read-only policy). Errors name file, line and field.
 */
export function loadConfig(options: {
  file?: string;
  cwd: string;
  /**
   * Agents that exist without configuration: `defaultAgent` may name them, and an entry with
   * their id may refine them without saying how to start. Required: a caller that forgot
   * them would refuse valid files.
   */
  builtinAgentIds: readonly string[];
}): LoadedConfig {
  const explicit = options.file !== undefined;
  const file = resolve(options.cwd, options.file ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit) {
      throw new AcpgateError("config_not_found", `config file not found: ${file}`, { file });
    }
    return { config: parseConfig({}, undefined), file: undefined };
  }
  const source = parseConfigSource(readConfigFile(file), file);
  // The file's own references, checked here (a policies file alone may extend the config's).
  const issues = source.references(options.builtinAgentIds);
  if (issues.length) throw invalid(issues, file);
  return { config: source.config, file };
}

/** The text of a config file; a directory or an unreadable file is a config error (exit 2). */
export function readConfigFile(file: string): string {
  try {
    if (statSync(file).isDirectory()) {
      throw new AcpgateError("config_invalid", `config file ${file} is a directory`, { file });
    }
    return readFileSync(file, "utf8");
  } catch (error) {
    if (isAcpgateError(error)) throw error;
    throw new AcpgateError(
      "config_invalid",
      `cannot read config file ${file}: ${errorMessage(error)}`,
      { file },
      { cause: error },
    );
  }
}

/** Parses and validates one document's text (the schema only: no cross-references). */
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
  /** The names the schema cannot check (`defaultAgent`, `extends`, environment policies, durations). */
  references(builtinAgentIds: readonly string[]): ConfigIssue[];
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
  const source: Source = { file, doc, lineCounter };
  const config = parseConfig(toData(source), source);
  return {
    config,
    references: (builtins) => checkConfig(config, builtins).map((p) => locate(source, p)),
  };
}

/** The document as plain data, with aliases expanded up to MAX_ALIAS_COUNT. */
function toData(source: Source): unknown {
  try {
    return source.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (error) {
    const tooMany = /alias/i.test(errorMessage(error));
    const message = tooMany
      ? `aliases expand to more than ${MAX_ALIAS_COUNT} references (refused: a YAML alias bomb?)`
      : errorMessage(error);
    const line = tooMany ? firstAliasLine(source) : undefined;
    throw new AcpgateError(
      "config_invalid",
      `${source.file}:${line ?? "?"}: invalid YAML: ${message}`,
      {
        file: source.file,
        line,
        configIssues: [{ file: source.file, ...(line ? { line } : {}), field: "(root)", message }],
      },
      { cause: error },
    );
  }
}

interface Source {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
}

function parseConfig(data: unknown, source: Source | undefined): AcpgateConfig {
  // reportInput: messages can name the value that was refused.
  const result = configSchema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw invalid(
    result.error.issues.flatMap((issue) => describeIssue(issue).map((p) => locate(source, p))),
    source?.file,
  );
}

function invalid(issues: ConfigIssue[], file: string | undefined): AcpgateError {
  const messages = issues.map(formatConfigIssue);
  return new AcpgateError("config_invalid", `invalid configuration:\n  ${messages.join("\n  ")}`, {
    file,
    issues: messages,
    configIssues: issues,
  });
}

/** Where a problem is: the key itself for a key that is not allowed, else its value. */
function locate(source: Source | undefined, problem: ConfigProblem): ConfigIssue {
  const field = problem.path.length ? problem.path.join(".") : "(root)";
  if (!source) return { field, message: problem.message };
  const line =
    (problem.atKey ? keyLineOf(source, problem.path) : undefined) ?? lineOf(source, problem.path);
  return {
    file: source.file,
    ...(line !== undefined ? { line } : {}),
    field,
    message: problem.message,
  };
}

function firstAliasLine(source: Source): number | undefined {
  let offset: number | undefined;
  visit(source.doc, {
    Alias: (_key, node) => {
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset === undefined ? undefined : source.lineCounter.linePos(offset).line;
}

/** The line of the key that ends `path` in its map. */
function keyLineOf(source: Source, path: (string | number)[]): number | undefined {
  const parent: unknown = source.doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const key = path.at(-1);
  const pair = parent.items.find(
    (item) => isScalar(item.key) && String(item.key.value) === String(key),
  );
  const range = isNode(pair?.key) ? pair.key.range : undefined;
  return range ? source.lineCounter.linePos(range[0]).line : undefined;
}

/** The line of the deepest node that exists along `path`. */
function lineOf(source: Source, path: readonly (string | number)[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = source.doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return source.lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}
