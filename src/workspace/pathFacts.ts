import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import type { PathFact } from "../policy/policyTypes.js";
import { isCaseInsensitive } from "./caseSensitivity.js";
import { realPathOf, relativeInside } from "./resolvePath.js";

/** A path as resolved against the session's roots: exactly the policy model's `PathFact`. */
export type ResolvedFact = PathFact;

/**
 * The files a session may touch: the session cwd plus a policy's extra roots, all real.
 * `resolve` gives the reading acpgate itself acts on; `readings` every way an agent or its
 * OS might read the same text (Unicode forms, `\` separators, `~`, `$HOME`, `file://`), so a
 * decision can hold for all of them.
 */
export class WorkspaceRoots {
  readonly cwd: string;
  readonly roots: readonly { real: string; caseInsensitive: boolean }[];

  constructor(cwd: string, extraRoots: readonly string[] = []) {
    this.cwd = realPathOf(cwd, "/");
    const reals = [this.cwd, ...extraRoots.map((r) => realPathOf(r, this.cwd))];
    this.roots = [...new Set(reals)].map((real) => ({
      real,
      caseInsensitive: isCaseInsensitive(real),
    }));
  }

  /** The reading acpgate acts on: the text as given, relative to the cwd. */
  resolve(raw: string): ResolvedFact {
    let real: string;
    try {
      real = realPathOf(raw, this.cwd);
    } catch {
      // Unresolvable (a symlink loop): the most dangerous reading is "somewhere else".
      return { raw, real: `<unresolvable:${raw}>`, relative: undefined, inside: false };
    }
    for (const root of this.roots) {
      const nocase = root.caseInsensitive;
      const folded = nocase
        ? relativeInside(root.real.toLowerCase(), real.toLowerCase())
        : relativeInside(root.real, real);
      if (folded === undefined) continue;
      // Keep the case the path was written in; only the containment test folds case.
      const relative = nocase ? real.slice(root.real.length).replace(/^\/+/, "") : folded;
      return { raw, real, relative, inside: true, root: root.real, caseInsensitive: nocase };
    }
    return { raw, real, relative: undefined, inside: false };
  }

  /** Every reading of `raw`; the first is `resolve(raw)`. */
  readings(raw: string): ResolvedFact[] {
    const texts = new Set<string>([raw, raw.normalize("NFC"), raw.normalize("NFD")]);
    if (raw.includes("\\")) texts.add(raw.replace(/\\/g, "/"));
    const home = homedir();
    if (raw === "~" || raw.startsWith("~/")) texts.add(home + raw.slice(1));
    if (/^\$\{?HOME\}?(\/|$)/.test(raw)) texts.add(raw.replace(/^\$\{?HOME\}?/, home));
    if (raw.startsWith("file:")) {
      try {
        texts.add(fileURLToPath(raw));
      } catch {
        texts.add(raw.replace(/^file:\/*/, "/"));
      }
    }
    return [...texts].map((text) => ({ ...this.resolve(text), raw }));
  }
}
