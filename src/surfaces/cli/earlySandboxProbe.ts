import { bwrapPathOf, probeBwrapAsync } from "../../agents/sandbox/bwrapProbe.js";
import { sandboxDefaultOf } from "../sandboxInputs.js";

/**
 * Starts the bubblewrap probe child of a command that may sandbox its agent, before the
 * command's modules load: the probe (~20 ms) then runs beside start-up instead of ahead of
 * the agent's spawn. The plane reads the same answer (one probe per process and path). Not
 * started when `ACPGATE_SANDBOX` is off; an invalid value is left for the plane to refuse.
 */
export function startSandboxProbeEarly(env: NodeJS.ProcessEnv = process.env): void {
  let setting: string;
  try {
    setting = sandboxDefaultOf(env);
  } catch {
    return;
  }
  if (setting !== "off") void probeBwrapAsync(bwrapPathOf(env));
}
