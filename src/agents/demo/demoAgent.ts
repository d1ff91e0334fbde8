import { randomUUID } from "node:crypto";
import {
  agent,
  RequestError,
  type AgentContext,
  type ClientCapabilities,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { DemoHistory, type HistoryEntry } from "./demoHistory.js";
import { parsePrompt, summarise, type DemoStep } from "./demoScript.js";

interface DemoSession {
  id: string;
  cwd: string;
  mode: string;
  history: HistoryEntry[];
  turn?: AbortController;
}

const MODES = [
  { id: "ask", name: "Ask", description: "Reads and answers; asks before any change" },
  { id: "code", name: "Code", description: "Reads and edits files, asking permission" },
];

/** The bundled demo agent as an ACP agent app (see demoScript.ts for what it does). */
export function createDemoAgent() {
  const sessions = new Map<string, DemoSession>();
  const history = new DemoHistory();
  let clientCapabilities: ClientCapabilities = {};
  let toolSeq = 0;

  const find = (sessionId: string): DemoSession => {
    const session = sessions.get(sessionId);
    if (!session) throw RequestError.sessionNotFound(sessionId);
    return session;
  };
  const update = (client: AgentContext, sessionId: string, u: SessionUpdate) =>
    client.notify("session/update", { sessionId, update: u });
  const say = (client: AgentContext, session: DemoSession, text: string) => {
    session.history.push({ role: "agent", text });
    return update(client, session.id, {
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text },
    });
  };
  const modeState = (current: string) => ({ currentModeId: current, availableModes: MODES });
  const replay = async (client: AgentContext, session: DemoSession) => {
    for (const entry of session.history) {
      await update(client, session.id, {
        sessionUpdate: entry.role === "user" ? "user_message_chunk" : "agent_message_chunk",
        content: { type: "text", text: entry.text },
      });
    }
  };
  const restore = (sessionId: string, cwd: string): DemoSession => {
    const saved = history.load(sessionId);
    if (!saved) throw RequestError.resourceNotFound(`session ${sessionId}`);
    const session = { id: sessionId, cwd, mode: "ask", history: saved };
    sessions.set(sessionId, session);
    return session;
  };

  async function runStep(
    client: AgentContext,
    session: DemoSession,
    step: DemoStep,
    signal: AbortSignal,
  ): Promise<void> {
    const toolCallId = `demo-tool-${++toolSeq}`;
    switch (step.op) {
      case "say":
        return say(client, session, step.text + "\n");
      case "chunks":
        for (let i = 0; i < step.count && !signal.aborted; i++) {
          await update(client, session.id, {
            sessionUpdate: "agent_message_chunk",
            content: { type: "text", text: `chunk ${i}\n` },
          });
        }
        return;
      case "sleep":
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, step.ms);
          signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
        return;
      case "plan":
        return update(client, session.id, {
          sessionUpdate: "plan",
          entries: step.entries.map((content) => ({
            content,
            status: "pending",
            priority: "medium",
          })),
        });
      case "mode":
        session.mode = step.modeId;
        return update(client, session.id, {
          sessionUpdate: "current_mode_update",
          currentModeId: step.modeId,
        });
      case "crash":
        process.stderr.write(`demo agent: crashing with code ${step.code} as asked\n`);
        process.exit(step.code);
        return;
      case "read": {
        await update(client, session.id, {
          sessionUpdate: "tool_call",
          toolCallId,
          title: `Read ${step.path}`,
          kind: "read",
          status: "in_progress",
          locations: [{ path: step.path }],
        });
        if (!clientCapabilities.fs?.readTextFile) {
          await update(client, session.id, {
            sessionUpdate: "tool_call_update",
            toolCallId,
            status: "failed",
          });
          return say(
            client,
            session,
            `I cannot read ${step.path}: the client offers no fs/read_text_file.\n`,
          );
        }
        try {
          const { content } = await client.request("fs/read_text_file", {
            sessionId: session.id,
            path: step.path,
          });
          await update(client, session.id, {
            sessionUpdate: "tool_call_update",
            toolCallId,
            status: "completed",
          });
          return say(
            client,
            session,
            (step.summarise ? summarise(step.path, content) : content) + "\n",
          );
        } catch (error) {
          await update(client, session.id, {
            sessionUpdate: "tool_call_update",
            toolCallId,
            status: "failed",
          });
          return say(
            client,
            session,
            `I could not read ${step.path}: ${(error as Error).message}\n`,
          );
        }
      }
      case "write":
        return writeStep(client, session, step, toolCallId);
      case "run":
        return runCommand(client, session, step, toolCallId);
    }
  }

  async function permitted(
    client: AgentContext,
    session: DemoSession,
    toolCallId: string,
    title: string,
    kind: "edit" | "execute",
    rawInput: unknown,
  ): Promise<boolean> {
    const response = await client.request("session/request_permission", {
      sessionId: session.id,
      toolCall: { toolCallId, title, kind, rawInput },
      options: [
        { optionId: "allow", name: "Allow", kind: "allow_once" },
        { optionId: "always", name: "Always allow", kind: "allow_always" },
        { optionId: "reject", name: "Reject", kind: "reject_once" },
      ],
    });
    return response.outcome.outcome === "selected" && response.outcome.optionId !== "reject";
  }

  async function writeStep(
    client: AgentContext,
    session: DemoSession,
    step: Extract<DemoStep, { op: "write" }>,
    toolCallId: string,
  ): Promise<void> {
    const title = `Write ${step.path}`;
    await update(client, session.id, {
      sessionUpdate: "tool_call",
      toolCallId,
      title,
      kind: "edit",
      status: "pending",
      locations: [{ path: step.path }],
      rawInput: { path: step.path, content: step.content },
      content: [{ type: "diff", path: step.path, oldText: null, newText: step.content }],
    });
    if (!(await permitted(client, session, toolCallId, title, "edit", { path: step.path }))) {
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "failed",
      });
      return say(
        client,
        session,
        `Permission to write ${step.path} was refused; nothing written.\n`,
      );
    }
    try {
      await client.request("fs/write_text_file", {
        sessionId: session.id,
        path: step.path,
        content: step.content,
      });
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "completed",
      });
      return say(client, session, `Wrote ${step.path}.\n`);
    } catch (error) {
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "failed",
      });
      return say(client, session, `Writing ${step.path} failed: ${(error as Error).message}\n`);
    }
  }

  async function runCommand(
    client: AgentContext,
    session: DemoSession,
    step: Extract<DemoStep, { op: "run" }>,
    toolCallId: string,
  ): Promise<void> {
    const title = `Run ${step.command}`;
    await update(client, session.id, {
      sessionUpdate: "tool_call",
      toolCallId,
      title,
      kind: "execute",
      status: "pending",
      rawInput: { command: step.command },
    });
    if (
      !(await permitted(client, session, toolCallId, title, "execute", { command: step.command }))
    ) {
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "failed",
      });
      return say(client, session, `Permission to run \`${step.command}\` was refused.\n`);
    }
    if (!clientCapabilities.terminal)
      return say(
        client,
        session,
        `The client offers no terminal; not running \`${step.command}\`.\n`,
      );
    try {
      const terminal = await client.createTerminal({
        sessionId: session.id,
        command: "sh",
        args: ["-c", step.command],
        cwd: session.cwd,
        outputByteLimit: 64_000,
      });
      const exit = await terminal.waitForExit();
      const output = await terminal.currentOutput();
      await terminal.release();
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: exit.exitCode === 0 ? "completed" : "failed",
      });
      return say(
        client,
        session,
        `\`${step.command}\` exited with ${exit.exitCode ?? exit.signal}:\n${output.output}\n`,
      );
    } catch (error) {
      await update(client, session.id, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "failed",
      });
      return say(
        client,
        session,
        `Running \`${step.command}\` failed: ${(error as Error).message}\n`,
      );
    }
  }

  return agent({ name: "acpgate-demo" })
    .onRequest("initialize", (cx) => {
      clientCapabilities = cx.params.clientCapabilities ?? {};
      return {
        protocolVersion: 1,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { embeddedContext: true, image: false, audio: false },
          sessionCapabilities: { resume: {}, close: {} },
        },
        agentInfo: { name: "acpgate-demo", title: "acpgate demo agent", version: "0.1.0" },
        authMethods: [],
      };
    })
    .onRequest("session/new", (cx) => {
      const id = `demo-${randomUUID()}`;
      sessions.set(id, { id, cwd: cx.params.cwd, mode: "ask", history: [] });
      history.save(id, []);
      return { sessionId: id, modes: modeState("ask") };
    })
    .onRequest("session/load", async (cx) => {
      const session = restore(cx.params.sessionId, cx.params.cwd);
      await replay(cx.client, session);
      return { modes: modeState(session.mode) };
    })
    .onRequest("session/resume", (cx) => {
      const session = restore(cx.params.sessionId, cx.params.cwd);
      return { modes: modeState(session.mode) };
    })
    .onRequest("session/close", (cx) => {
      sessions.delete(cx.params.sessionId);
      return {};
    })
    .onRequest("session/set_mode", (cx) => {
      const session = find(cx.params.sessionId);
      if (!MODES.some((m) => m.id === cx.params.modeId))
        throw RequestError.invalidParams({ modeId: cx.params.modeId });
      session.mode = cx.params.modeId;
      return {};
    })
    .onRequest("session/prompt", async (cx) => {
      const session = find(cx.params.sessionId);
      const text = cx.params.prompt
        .map((block) => (block.type === "text" ? block.text : ""))
        .join("\n");
      session.history.push({ role: "user", text });
      const turn = new AbortController();
      session.turn = turn;
      try {
        for (const step of parsePrompt(text)) {
          if (turn.signal.aborted) break;
          await runStep(cx.client, session, step, turn.signal);
        }
      } finally {
        session.turn = undefined;
        history.save(session.id, session.history);
      }
      return { stopReason: turn.signal.aborted ? "cancelled" : "end_turn" };
    })
    .onNotification("session/cancel", (cx) => {
      sessions.get(cx.params.sessionId)?.turn?.abort();
    });
}
