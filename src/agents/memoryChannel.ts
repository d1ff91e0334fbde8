import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";
import { deferred } from "../util/deferred.js";
import type { AgentChannel } from "./agentChannel.js";
import type { ExitInfo } from "./agentProcess.js";

/** The agent's end of an in-memory pair: hand `stream` to an SDK `agent()` app. */
export interface MemoryAgentEnd {
  readonly stream: Stream;
  /** The agent "exits": both directions close and the channel's `exited` settles. */
  exit(code?: number | null, signal?: NodeJS.Signals | null): void;
}

/**
 * A linked pair of message streams with an agent lifecycle, like the MCP SDK's
 * InMemoryTransport: sessions, guards and the audit run against an in-process agent with
 * no process to spawn. Messages cross as JSON (a copy, as on the wire). Closing the client's
 * side ends the agent's input; a well-behaved agent then exits with 0 (`exitOnInputEnd`).
 */
export function memoryChannelPair(options: { exitOnInputEnd?: boolean } = {}): {
  channel: AgentChannel;
  agent: MemoryAgentEnd;
} {
  const toAgent = new TransformStream<AnyMessage, AnyMessage>();
  const toClient = new TransformStream<AnyMessage, AnyMessage>();
  const input = toAgent.writable.getWriter();
  const output = toClient.writable.getWriter();
  const done = deferred<ExitInfo>();
  let inputOpen = true;
  let outputOpen = true;
  let stopping = false;
  let exitInfo: ExitInfo | undefined;

  const closeInput = (): void => {
    if (!inputOpen) return;
    inputOpen = false;
    input.close().catch(() => undefined);
    if (options.exitOnInputEnd !== false) queueMicrotask(() => exit(0, null));
  };
  const exit = (code: number | null = 0, signal: NodeJS.Signals | null = null): void => {
    if (exitInfo) return;
    exitInfo = { code, signal, requested: stopping, stderrTail: [] };
    if (outputOpen) {
      outputOpen = false;
      output.close().catch(() => undefined);
    }
    if (inputOpen) {
      inputOpen = false;
      input.close().catch(() => undefined);
    }
    done.resolve(exitInfo);
  };

  const channel: AgentChannel = {
    stream: {
      readable: toClient.readable,
      writable: new WritableStream<AnyMessage>({
        // After the agent is gone, writes are lost as on a broken pipe.
        write: (message) => (inputOpen ? input.write(wire(message)) : undefined),
        close: closeInput,
        abort: closeInput,
      }),
    },
    exited: done.promise,
    get hasExited() {
      return exitInfo !== undefined;
    },
    pid: undefined,
    stderrTail: () => [],
    shutdown: async (shutdown = {}) => {
      stopping = true;
      closeInput();
      const bound = (shutdown.graceMs ?? 1500) + (shutdown.termMs ?? 2000);
      const timer = setTimeout(() => exit(null, "SIGKILL"), bound);
      timer.unref();
      const info = await done.promise;
      clearTimeout(timer);
      return info;
    },
    kill: async () => {
      stopping = true;
      exit(null, "SIGKILL");
      return done.promise;
    },
  };
  const agent: MemoryAgentEnd = {
    stream: {
      readable: toAgent.readable,
      writable: new WritableStream<AnyMessage>({
        write: (message) => (outputOpen ? output.write(wire(message)) : undefined),
        close: () => exit(0, null),
        abort: () => exit(1, null),
      }),
    },
    exit,
  };
  return { channel, agent };
}

function wire(message: AnyMessage): AnyMessage {
  return JSON.parse(JSON.stringify(message)) as AnyMessage;
}
