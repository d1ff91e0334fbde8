import { join } from "node:path";
import { FIXTURES } from "./cli.js";

/** An acpgate.yaml declaring `scripted-<scenario>` agents on the raw scripted fake agent. */
export function scriptedConfig(scenarios: string[], env: Record<string, string> = {}): string {
  const agent = join(FIXTURES, "scriptedAgent.js");
  const lines = ["agents:"];
  for (const scenario of scenarios) {
    lines.push(
      `  scripted-${scenario}:`,
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(agent)}, ${JSON.stringify(scenario)}]`,
      `    env: ${JSON.stringify(env)}`,
      // The scripted agent never writes on its own: read-only is enforced at the client.
      `    fileAccess: client`,
    );
  }
  return lines.join("\n") + "\n";
}
