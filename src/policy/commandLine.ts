/**
 * Shell command lines as policy reads them. A command is split into segments at `;`, `&&`,
 * `||`, `|`, `&` and newlines; `$(…)`, backticks and `sh -c '…'` scripts are read as more
 * segments; leading `VAR=x`, `env`, `command`, `exec`, `nohup`, `time` are looked through.
 * Rule prefixes match token-wise: `npm test` matches `npm test --x`, not `npm testing`.
 */
export interface ParsedCommand {
  text: string;
  /** Each simple command's tokens, wrappers and assignments removed. */
  segments: string[][];
  /** Output redirections to anything but /dev/null or another descriptor. */
  redirectsOutput: boolean;
  /** Contains `$(`, backticks or `<(`: what runs is computed at run time. */
  substitutes: boolean;
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "ash"]);
const WRAPPERS = new Set(["env", "command", "exec", "nohup", "time", "builtin", "nice"]);
const OPERATORS = ["&&", "||", "|&", ";;", ";", "|", "&", "\n"];
const REDIRECT = /^(\d*|&)(>>?|>\||<|<<<?|<>)(&?\d+|&-)?$/;

const basename = (token: string): string => token.slice(token.lastIndexOf("/") + 1);

/** The text a terminal request stands for: a `sh -c SCRIPT` wrapper is unwrapped to SCRIPT. */
export function commandText(command: string, args: readonly string[] = []): string {
  if (SHELLS.has(basename(command))) {
    const flag = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a));
    const script = flag >= 0 ? args[flag + 1] : undefined;
    if (script !== undefined) return script;
  }
  return [command, ...args].map(quote).join(" ");
}

function quote(token: string): string {
  return /^[\w@%+=:,./-]+$/.test(token) ? token : `'${token.replace(/'/g, `'\\''`)}'`;
}

export function parseCommand(text: string, depth = 0): ParsedCommand {
  const parsed: ParsedCommand = { text, segments: [], redirectsOutput: false, substitutes: false };
  const nested: string[] = [];
  let tokens: string[] = [];
  let current = "";
  let inToken = false;
  const endToken = (): void => {
    if (inToken) tokens.push(current);
    current = "";
    inToken = false;
  };
  const endSegment = (): void => {
    endToken();
    if (tokens.length) addSegment(parsed, tokens, nested, depth);
    tokens = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op && !(op === "&" && (text[i - 1] === ">" || text[i + 1] === ">"))) {
      endSegment();
      i += op.length - 1;
    } else if (c === " " || c === "\t") endToken();
    else if (c === "\\") {
      current += text[++i] ?? "";
      inToken = true;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      current += text.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? text.length : end;
      inToken = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\") j++;
        else if (text.startsWith("$(", j) || text[j] === "`") parsed.substitutes = true;
      }
      const inner = text.slice(i + 1, j);
      current += inner.replace(/\\(.)/g, "$1");
      collectSubstitutions(inner, nested);
      i = j;
      inToken = true;
    } else if ((c === "$" || c === "<" || c === ">") && text[i + 1] === "(") {
      const end = matchingParen(text, i + 1);
      nested.push(text.slice(i + 2, end));
      parsed.substitutes = true;
      current += text.slice(i, end + 1);
      i = end;
      inToken = true;
    } else if (c === "`") {
      const end = text.indexOf("`", i + 1);
      nested.push(text.slice(i + 1, end < 0 ? undefined : end));
      parsed.substitutes = true;
      i = end < 0 ? text.length : end;
      inToken = true;
    } else if (c === ">" || c === "<") {
      const fd = inToken && /^\d*$/.test(current) ? current : "";
      if (!fd) endToken();
      let op = fd + c;
      while (/[<>&|\d-]/.test(text[i + 1] ?? "") && op.length < 6) op += text[++i];
      tokens.push(op);
      current = "";
      inToken = false;
    } else {
      current += c;
      inToken = true;
    }
  }
  endSegment();
  if (depth < 4) {
    for (const script of nested) {
      const inner = parseCommand(script, depth + 1);
      parsed.segments.push(...inner.segments);
      parsed.redirectsOutput ||= inner.redirectsOutput;
    }
  }
  return parsed;
}

function addSegment(
  parsed: ParsedCommand,
  tokens: string[],
  nested: string[],
  depth: number,
): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    if (!REDIRECT.test(token)) continue;
    const target = tokens[i + 1] ?? "";
    const dup = /&\d*-?$/.test(token) && token.includes(">");
    if (token.includes(">") && !dup && target !== "/dev/null") parsed.redirectsOutput = true;
    if (!dup) i++;
  }
  const words = stripPrefixes(tokens);
  if (!words.length) return;
  const head = basename(words[0] ?? "");
  const flag = words.findIndex((w, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(w));
  const script = flag > 0 ? words[flag + 1] : undefined;
  if (SHELLS.has(head) && script !== undefined && depth < 4) nested.push(script);
  parsed.segments.push(words);
}

/** Drops `VAR=x` assignments and wrapper commands (with their options) in front. */
function stripPrefixes(tokens: string[]): string[] {
  let i = 0;
  for (;;) {
    const token = tokens[i];
    if (token === undefined) return [];
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(token)) i++;
    else if (WRAPPERS.has(basename(token))) {
      i++;
      while ((tokens[i] ?? "").startsWith("-")) i += tokens[i] === "-n" ? 2 : 1;
    } else return tokens.slice(i);
  }
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return text.length;
}

function collectSubstitutions(inner: string, nested: string[]): void {
  for (let i = 0; i < inner.length; i++) {
    if (inner.startsWith("$(", i)) {
      const end = matchingParen(inner, i + 1);
      nested.push(inner.slice(i + 2, end));
      i = end;
    } else if (inner[i] === "`") {
      const end = inner.indexOf("`", i + 1);
      nested.push(inner.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? inner.length : end;
    }
  }
}

/**
 * Token-wise prefix match of one segment. `strict` (allow rules) compares the program as
 * written; otherwise (deny, ask) `/usr/bin/sudo` matches `sudo`.
 */
export function segmentHasPrefix(
  segment: readonly string[],
  prefix: string,
  strict: boolean,
): boolean {
  const want = parseCommand(prefix).segments[0] ?? [];
  if (want.length === 0 || want.length > segment.length) return false;
  return want.every((word, i) => {
    const got = segment[i] ?? "";
    return got === word || (!strict && i === 0 && basename(got) === word);
  });
}
