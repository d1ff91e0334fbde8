import { signalGroup } from "./processGroup.js";

const groups = new Set<number>();
let installed = false;

/**
 * Kills the process group led by `pid` (SIGKILL, synchronously) if this process exits while
 * it is still registered. The one `exit` listener is installed on first use, not at load.
 * Returns the unregistration.
 */
export function killGroupOnExit(pid: number): () => void {
  if (!installed) {
    installed = true;
    process.once("exit", () => {
      for (const group of groups) signalGroup(group, "SIGKILL");
    });
  }
  groups.add(pid);
  return () => void groups.delete(pid);
}
