import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A real directory tree for path-escape tests: a workspace `ws/` with the usual protected
 * places, an `outside/` next to it, a sibling `ws-evil/` that shares the prefix, and real
 * symlinks of every troublesome sort (escaping dirs and files, dangling, chained, looping,
 * absolute, into .git, onto the config, onto /proc/self/root, with an NFD name).
 */
export interface PolicyWorkspace {
  root: string;
  ws: string;
  outside: string;
  configFile: string;
  dispose(): void;
}

export function createPolicyWorkspace(): PolicyWorkspace {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-policy-")));
  const ws = join(root, "ws");
  const outside = join(root, "outside");
  const file = (path: string, text = "x\n"): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  file(join(ws, "src/a.ts"), "export const a = 1;\n");
  file(join(ws, "src/deep/b.ts"));
  file(join(ws, ".git/config"), "[core]\n");
  mkdirSync(join(ws, ".git/hooks"), { recursive: true });
  file(join(ws, ".acpgate/acpgate.db"));
  file(join(ws, "acpgate.yaml"), "policies: {}\n");
  file(join(ws, "sub/.git/config"));
  file(join(ws, ".env"), "TOKEN=1\n");
  file(join(ws, "docs/readme.md"), "# docs\n");
  file(join(outside, "secret.txt"), "secret\n");
  mkdirSync(join(outside, "sub"), { recursive: true });
  mkdirSync(join(root, "ws-evil"), { recursive: true });
  const link = (name: string, target: string): void => symlinkSync(target, join(ws, name));
  link("link-out", "../outside");
  link("link-out-file", "../outside/secret.txt");
  link("link-etc", "/etc");
  link("link-root", "/");
  link("dangling", "../outside/new.txt");
  link("dangling-dir", "../outside/newdir");
  link("src/up", "../..");
  link("src/self", ".");
  link("gitlink", ".git");
  link("cfglink", "acpgate.yaml");
  link("loop1", "loop2");
  link("loop2", "loop1");
  link("inner-ok", "src");
  link("abs-inside", join(ws, "src"));
  link("rel-chain", "link-out");
  link("proc-root", "/proc/self/root");
  link("cafe\u0301-link", "../outside");
  return {
    root,
    ws,
    outside,
    configFile: join(ws, "acpgate.yaml"),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
