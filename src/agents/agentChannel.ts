import type { Stream } from "@agentclientprotocol/sdk";
import type { ExitInfo, ShutdownOptions } from "./agentProcess.js";

/**
 * How a session reaches its agent: a stream of parsed ACP messages plus the agent's
 * lifecycle. The stdio process is one implementation (stdioChannel), an in-memory linked
 * pair another (memoryChannel, for fast tests and in-process agents).
 */
export interface AgentChannel {
  /** Parsed JSON-RPC messages: `readable` from the agent, `writable` to it. */
  readonly stream: Stream;
  /** Settles once the agent is gone, however it went. */
  readonly exited: Promise<ExitInfo>;
  readonly hasExited: boolean;
  /** The OS process (group leader), when there is one. */
  readonly pid: number | undefined;
  /** The last lines the agent wrote to stderr (empty without a process). */
  stderrTail(lines?: number): string[];
  /** Ends the agent in steps (close input, then signals); resolves once it is gone. */
  shutdown(options?: ShutdownOptions): Promise<ExitInfo>;
  /** Ends the agent at once. */
  kill(): Promise<ExitInfo>;
}
