import { constants } from "node:fs";
import { mkdir, open, readFile } from "node:fs/promises";
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

/**
 * Writes `content` to `path`, creating parent directories. `path` is a resolved real path:
 * the final component is opened with O_NOFOLLOW so a symlink swapped in after the policy
 * check fails the write (ELOOP) instead of redirecting it.
 */
export async function writeTextFileCreatingDirs(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  const handle = await open(path, flags, 0o644);
  try {
    await handle.writeFile(content, "utf8");
  } finally {
    await handle.close();
  }
}
