import type { LaunchSpec } from "../agentProcess.js";

/**
 * What an agent may touch, as bubblewrap mounts it. Every path is real (symlinks resolved)
 * and, except `workspace`, must exist on the host: bwrap creates a missing mount point,
 * which would leave an empty file behind in the user's tree.
 */
export interface SandboxPlan {
  /** The session's cwd. */
  workspace: string;
  /** workspace-write: the workspace is bound writable; read-only: bound read-only. */
  workspaceWritable: boolean;
  /** Inside the workspace and never writable: `.git/`, the config file, `protect:` matches. */
  readOnly: readonly string[];
  /** Directories no agent may see (`.acpgate/`): an empty read-only tmpfs over each. */
  hiddenDirs: readonly string[];
  /** Files no agent may see (secret files): /dev/null over each (a nodev bind: EACCES). */
  hiddenFiles: readonly string[];
  /** The agent's own state (its HOME, or the dirs of its catalogue entry): writable. */
  writable: readonly string[];
  /**
   * Folders under the private /tmp that the agent's own command lives in (an agent or a
   * checkout under /tmp): bound back read-only, or the agent could not start.
   */
  readable?: readonly string[];
  /** `shared`: the host's network (agents reach their model); `none`: loopback only. */
  network: "shared" | "none";
}

/**
 * The bwrap arguments for a plan. Later mounts cover earlier ones, so the order is: the
 * system read-only, fresh /dev, /proc and /tmp, the workspace and the agent's state (outer
 * folders first), then what inside the workspace is read-only, then what is hidden. `--unshare-pid` and
 * `--die-with-parent` make every process the agent starts die with acpgate, whatever
 * session or group it moved to; `--new-session` keeps it off acpgate's terminal.
 */
export function sandboxArgs(plan: SandboxPlan, chdir = plan.workspace): string[] {
  const args = ["--die-with-parent", "--unshare-pid", "--new-session"];
  if (plan.network === "none") args.push("--unshare-net");
  args.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp");
  // A folder before what is inside it (the workspace inside HOME, a state dir inside the
  // workspace): a parent bound later would cover its child's mount.
  const binds = [
    ...(plan.readable ?? []).map((path) => ({ path, flag: "--ro-bind" })),
    { path: plan.workspace, flag: plan.workspaceWritable ? "--bind" : "--ro-bind" },
    ...plan.writable.map((path) => ({ path, flag: "--bind" })),
  ].sort((a, b) => a.path.length - b.path.length);
  for (const { path, flag } of binds) args.push(flag, path, path);
  for (const path of plan.readOnly) args.push("--ro-bind", path, path);
  for (const dir of plan.hiddenDirs) args.push("--tmpfs", dir, "--remount-ro", dir);
  for (const file of plan.hiddenFiles) args.push("--ro-bind", "/dev/null", file);
  args.push("--chdir", chdir);
  return args;
}

/**
 * The launch of `launch` inside the sandbox of `plan`, started by the bwrap at `bwrap`, in
 * `launch.cwd` (a terminal may start in a folder of the workspace).
 */
export function sandboxedLaunch(launch: LaunchSpec, plan: SandboxPlan, bwrap: string): LaunchSpec {
  const readable = [...new Set([...(plan.readable ?? []), ...tmpFoldersOf(launch)])];
  return {
    ...launch,
    command: bwrap,
    args: [...sandboxArgs({ ...plan, readable }, launch.cwd), "--", launch.command, ...launch.args],
  };
}

/**
 * The top folders under /tmp (`/tmp/X`) that the command line names by absolute path: the
 * agent's program and its packages live there (an npm checkout under /tmp), and the private
 * /tmp would hide them. The whole `/tmp/X` is needed: Node resolves packages from parents.
 */
export function tmpFoldersOf(launch: Pick<LaunchSpec, "command" | "args">): string[] {
  return [launch.command, ...launch.args].flatMap((arg) => {
    const match = /^\/tmp\/([^/]+)\//.exec(arg);
    return match ? [`/tmp/${match[1]}`] : [];
  });
}
