import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";

/** Reads a text file, optionally from 1-based `line` and at most `limit` lines (ACP semantics). */
export async function readTextSlice(
  path: string,
  line?: number | null,
  limit?: number | null,
): Promise<string> {
  const content = await readFile(path, "utf8");
  if ((line === undefined || line === null) && (limit === undefined || limit === null))
    return content;
  const lines = content.split("\n");
  const start = Math.max(0, (line ?? 1) - 1);
  const end = limit === undefined || limit === null ? lines.length : start + Math.max(0, limit);
  return lines.slice(start, end).join("\n");
}

export async function writeTextFileCreatingDirs(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, "utf8");
}
