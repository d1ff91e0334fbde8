import { spawnSync } from "node:child_process";

export type BwrapProbe = { ok: true; path: string } | { ok: false; reason: string };

const cache = new Map<string, BwrapProbe>();

/**
 * Whether bubblewrap works here, asked once per process and path (`bwrap` on PATH, or
 * `ACPGATE_BWRAP`), run with the
 * namespaces the sandbox uses. It fails where bwrap is missing or user namespaces are off.
 */
export function probeBwrap(path = "bwrap"): BwrapProbe {
  const known = cache.get(path);
  if (known) return known;
  let cached: BwrapProbe;
  const result = spawnSync(
    path,
    ["--unshare-pid", "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc", "true"],
    { encoding: "utf8", timeout: 5000, stdio: ["ignore", "ignore", "pipe"] },
  );
  if (result.error) cached = { ok: false, reason: `${path}: ${result.error.message}` };
  else if (result.status !== 0)
    cached = {
      ok: false,
      reason: `${path} exited with ${result.status ?? result.signal}: ${result.stderr.trim()}`,
    };
  else cached = { ok: true, path };
  cache.set(path, cached);
  return cached;
}
