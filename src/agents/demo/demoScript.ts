/**
 * The demo agent's "model": a prompt becomes a list of steps, deterministically.
 * Directives, one per line: `@read PATH`, `@write PATH TEXT…`, `@run COMMAND…`, `@say TEXT…`,
 * `@sleep MS`, `@chunks N`, `@plan A; B; C`, `@mode ID`, `@crash CODE`.
 * Without directives, file names in the prompt are read and summarised.
 */
export type DemoStep =
  | { op: "read"; path: string; summarise: boolean }
  | { op: "write"; path: string; content: string }
  | { op: "run"; command: string }
  | { op: "say"; text: string }
  | { op: "sleep"; ms: number }
  | { op: "chunks"; count: number }
  | { op: "plan"; entries: string[] }
  | { op: "mode"; modeId: string }
  | { op: "crash"; code: number };

const FILE_TOKEN =
  /(?:^|[\s"'`(])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z0-9]{1,8})(?=$|[\s"'`),.;:!?])/g;

export function parsePrompt(text: string): DemoStep[] {
  const lines = text.split(/\r?\n/);
  const steps: DemoStep[] = [];
  for (const line of lines) {
    const match = /^\s*@(\w+)\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, op = "", rest = ""] = match;
    const arg = rest.trim();
    switch (op) {
      case "read":
        steps.push({ op: "read", path: arg, summarise: false });
        break;
      case "write": {
        const space = arg.search(/\s/);
        const path = space < 0 ? arg : arg.slice(0, space);
        const content = space < 0 ? "" : arg.slice(space + 1).replace(/\\n/g, "\n");
        steps.push({ op: "write", path, content });
        break;
      }
      case "run":
        steps.push({ op: "run", command: arg });
        break;
      case "say":
        steps.push({ op: "say", text: arg });
        break;
      case "sleep":
        steps.push({ op: "sleep", ms: Number(arg) || 0 });
        break;
      case "chunks":
        steps.push({ op: "chunks", count: Number(arg) || 0 });
        break;
      case "plan":
        steps.push({
          op: "plan",
          entries: arg
            .split(";")
            .map((s) => s.trim())
            .filter(Boolean),
        });
        break;
      case "mode":
        steps.push({ op: "mode", modeId: arg });
        break;
      case "crash":
        steps.push({ op: "crash", code: Number(arg) || 1 });
        break;
      default:
        steps.push({ op: "say", text: `unknown directive @${op}` });
    }
  }
  if (steps.length) return steps;
  const files = [...text.matchAll(FILE_TOKEN)].map((m) => m[1] ?? "").filter(Boolean);
  if (files.length === 0) {
    return [
      {
        op: "say",
        text: `You said: ${text.trim()}\nI am the acpgate demo agent: name a file and I will read and summarise it.`,
      },
    ];
  }
  return [...new Set(files)].map((path) => ({ op: "read", path, summarise: true }));
}

/** A short, deterministic summary of a text file. */
export function summarise(path: string, content: string): string {
  const lines = content.split("\n");
  const words = content.split(/\s+/).filter(Boolean).length;
  const headings = lines
    .filter((l) => /^#{1,3}\s/.test(l))
    .map((l) => l.replace(/^#+\s*/, ""))
    .slice(0, 5);
  const firstText = lines.find((l) => l.trim() && !l.startsWith("#"))?.trim() ?? "";
  const parts = [`${path}: ${lines.length} lines, ${words} words.`];
  if (headings.length) parts.push(`Sections: ${headings.join(" · ")}.`);
  if (firstText) parts.push(`It begins: "${firstText.slice(0, 160)}"`);
  return parts.join("\n");
}
