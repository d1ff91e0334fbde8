/**
 * Path globs as people write them in rules: `src/**`, `**\/.env`, `*.pem`, `{src,test}/**`.
 * `**` spans directories, `*` and `?` stay within one, both match dot-files. A pattern
 * without `/` matches the file name at any depth (gitignore style); one with `/` is anchored
 * at the root. A leading `!` negates (handled by matchPathList).
 */
export function globToRegExp(glob: string, nocase = false): RegExp {
  const g = canonical(glob).replace(/^\.\//, "");
  const anchored = g.includes("/") && !g.startsWith("**/");
  let out = "";
  let braces = 0;
  for (let i = 0; i < g.length; i++) {
    const c = g[i] ?? "";
    if (c === "*" && g[i + 1] === "*") {
      const afterSlash = i > 0 && g[i - 1] === "/";
      const atStart = i === 0 || afterSlash;
      i++;
      if (atStart && g[i + 1] === "/") {
        out += "(?:.*/)?";
        i++;
      } else if (afterSlash && i === g.length - 1) {
        // `dir/**` also names `dir` itself.
        out = out.slice(0, -1) + "(?:/.*)?";
      } else out += ".*";
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "{") {
      braces++;
      out += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      out += ")";
    } else if (c === "," && braces > 0) out += "|";
    else if (c === "[") {
      const end = g.indexOf("]", i + 2);
      if (end < 0) out += "\\[";
      else {
        const body = g
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        out += `[${body}]`;
        i = end;
      }
    } else out += c.replace(/[.+^$()|\\\]]/g, "\\$&");
  }
  const prefix = anchored || g.startsWith("/") ? "^" : "^(?:.*/)?";
  return new RegExp(`${prefix}${out}$`, nocase ? "iu" : "u");
}

/** Zero-width and direction marks some file systems ignore (git CVE-2014-9390 class). */
const IGNORABLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** The form paths and patterns are compared in: NFC, ignorable code points removed. */
export function canonical(path: string): string {
  return path.normalize("NFC").replace(IGNORABLE, "");
}

const cache = new Map<string, RegExp>();

function compiled(glob: string, nocase: boolean): RegExp {
  const key = `${nocase ? "i" : "s"}:${glob}`;
  let re = cache.get(key);
  if (!re) {
    re = globToRegExp(glob, nocase);
    if (cache.size > 2000) cache.clear();
    cache.set(key, re);
  }
  return re;
}

/**
 * Whether a path matches a list of globs: at least one positive pattern matches and no `!`
 * pattern does. A list of only negations starts from "everything". `formsFor(glob)` gives
 * the names of the path that glob is compared with (relative for relative globs, …).
 */
export function matchPathList(
  patterns: readonly string[],
  formsFor: (glob: string) => readonly string[],
  nocase: boolean,
): boolean {
  const positives = patterns.filter((p) => !p.startsWith("!"));
  const negatives = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1));
  const hit = (glob: string): boolean =>
    formsFor(glob).some((form) => compiled(glob, nocase).test(canonical(form)));
  const included = positives.length === 0 || positives.some(hit);
  return included && !negatives.some(hit);
}
