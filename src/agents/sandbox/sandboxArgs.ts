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
  /**
   * A network allow list: the network unshared, and the only way out acpgate's egress proxy
   * (egressProxy.ts), reached through a bridge in front of the command (egressBridge.ts).
   */
  egress?: EgressPlan;
}

export interface EgressPlan {
  /** The folder of the proxy's Unix socket, bound in. */
  socketDir: string;
  socketPath: string;
  /** The node that runs the bridge, and the bridge's script. */
  node: string;
  bridge: string;
  /** The loopback port the bridge listens on inside (the sandbox's own network). */
  port: number;
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
  if (plan.network === "none" || plan.egress) args.push("--unshare-net");
  args.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp");
  // A folder before what is inside it (the workspace inside HOME, a state dir inside the
  // workspace): a parent bound later would cover its child's mount.
  const binds = [
    ...(plan.readable ?? []).map((path) => ({ path, flag: "--ro-bind" })),
    { path: plan.workspace, flag: plan.workspaceWritable ? "--bind" : "--ro-bind" },
    ...plan.writable.map((path) => ({ path, flag: "--bind" })),
    ...(plan.egress ? [{ path: plan.egress.socketDir, flag: "--bind" }] : []),
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
  const inner = plan.egress ? behindBridge(launch, plan.egress) : launch;
  const readable = [...new Set([...(plan.readable ?? []), ...tmpFoldersOf(inner)])];
  return {
    ...inner,
    command: bwrap,
    args: [...sandboxArgs({ ...plan, readable }, launch.cwd), "--", inner.command, ...inner.args],
  };
}

/**
 * The command behind the egress bridge, its environment naming the bridge as HTTP(S) proxy
 * for every host (`NO_PROXY` emptied: inside, nothing is reachable but the bridge).
 * `NODE_USE_ENV_PROXY` makes Node's own fetch use it where Node supports that (22.21, 24).
 */
function behindBridge(launch: LaunchSpec, egress: EgressPlan): LaunchSpec {
  const url = `http://127.0.0.1:${egress.port}`;
  const env = { ...launch.env };
  for (const name of ["HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy"]) env[name] = url;
  for (const name of ["NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"]) delete env[name];
  env.NODE_USE_ENV_PROXY = "1";
  const bridge = [egress.bridge, egress.socketPath, String(egress.port), "--"];
  return {
    ...launch,
    env,
    command: egress.node,
    args: [...bridge, launch.command, ...launch.args],
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
