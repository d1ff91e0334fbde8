import type { AgentEntry } from "../config/agentSchema.js";
import type { AcpgateConfig } from "../config/schema.js";
import { AcpgateError } from "../util/errors.js";
import { builtinAgents } from "./builtinAgents.js";

export interface ResolvedCommand {
  command: string;
  args: string[];
  /** Literal env values from the entry and its distribution. */
  env: Record<string, string>;
}

/** The agents a plane can start: built-ins overlaid by the config file's `agents:`. */
export class Catalogue {
  private readonly entries: Map<string, AgentEntry>;

  constructor(config: Pick<AcpgateConfig, "agents">) {
    this.entries = new Map(Object.entries({ ...builtinAgents(), ...config.agents }));
  }

  ids(): string[] {
    return [...this.entries.keys()].sort();
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): AgentEntry {
    const entry = this.entries.get(id);
    if (!entry) {
      throw new AcpgateError(
        "agent_unknown",
        `unknown agent '${id}'; configured agents: ${this.ids().join(", ")}`,
        { agentId: id, known: this.ids() },
      );
    }
    return entry;
  }
}

/** The command line an entry stands for, whichever of the three forms it uses. */
export function resolveCommand(entry: AgentEntry): ResolvedCommand {
  if (entry.npx) {
    return {
      command: "npx",
      args: ["--yes", entry.npx.package, ...entry.npx.args, ...entry.args],
      env: { ...entry.npx.env, ...entry.env },
    };
  }
  if (entry.binary) {
    return {
      command: entry.binary.cmd,
      args: [...entry.binary.args, ...entry.args],
      env: { ...entry.binary.env, ...entry.env },
    };
  }
  return { command: entry.command ?? "", args: entry.args, env: entry.env };
}
