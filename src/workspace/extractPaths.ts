type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** rawInput keys that name one path or a list of paths, across the agents seen in the wild. */
const PATH_KEYS = new Set([
  "path",
  "paths",
  "file_path",
  "filePath",
  "file_paths",
  "filePaths",
  "abs_path",
  "absolute_path",
  "notebook_path",
  "target_file",
  "targetFile",
  "file",
  "files",
  "filename",
  "fileName",
  "source",
  "destination",
  "dest",
  "from",
  "to",
  "old_path",
  "new_path",
  "oldPath",
  "newPath",
  "source_path",
  "destination_path",
  "dir",
  "dir_path",
  "directory",
  "cwd",
  "workdir",
  "working_directory",
  "root",
]);

/** Keys whose value is a patch text (codex apply_patch, unified diffs). */
const PATCH_KEYS = new Set(["patch", "input", "diff"]);

/**
 * Every path a tool call names, from `locations`, `rawInput` (known keys, one level of
 * nesting, codex's `changes` map, patch texts) and `content` diffs. Order kept, duplicates
 * dropped. What is not found here is not known: callers read "no path" as unknown.
 */
export function pathsFromToolCall(call: {
  locations?: unknown;
  rawInput?: unknown;
  content?: unknown;
  diffPaths?: readonly string[];
}): string[] {
  const found: string[] = [];
  if (Array.isArray(call.locations)) {
    for (const l of call.locations) if (isObj(l) && typeof l.path === "string") found.push(l.path);
  }
  collectRawInput(call.rawInput, found, 0);
  if (Array.isArray(call.content)) {
    for (const c of call.content)
      if (isObj(c) && c.type === "diff" && typeof c.path === "string") found.push(c.path);
  }
  found.push(...(call.diffPaths ?? []));
  return [...new Set(found.filter((p) => p.length > 0))];
}

function collectRawInput(value: unknown, found: string[], depth: number): void {
  if (!isObj(value) || depth > 2) return;
  for (const [key, v] of Object.entries(value)) {
    if (PATH_KEYS.has(key)) {
      if (typeof v === "string") found.push(v);
      else if (Array.isArray(v)) for (const p of v) if (typeof p === "string") found.push(p);
    } else if (key === "changes" && isObj(v)) {
      found.push(...Object.keys(v));
    } else if (PATCH_KEYS.has(key) && typeof v === "string") {
      found.push(...pathsFromPatch(v));
    } else if (isObj(v)) {
      collectRawInput(v, found, depth + 1);
    } else if (Array.isArray(v)) {
      for (const item of v) collectRawInput(item, found, depth + 1);
    }
  }
}

/** Files a patch touches: `*** Update File: p` (codex) and `--- a/p` / `+++ b/p` (unified). */
export function pathsFromPatch(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split("\n")) {
    const codex = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/.exec(line);
    const unified = /^(?:---|\+\+\+) (?:[ab]\/)?([^\t]+)/.exec(line);
    const path = codex?.[1] ?? codex?.[2] ?? unified?.[1];
    if (path && path.trim() !== "/dev/null") paths.push(path.trim());
  }
  return paths;
}
