import { parseDuration } from "../../util/duration.js";
import { AcpgateError, errorMessage } from "../../util/errors.js";
import type { Session } from "../../sessions/session.js";
import { describePolicy } from "../../policy/describePolicy.js";
import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { createLogger, type LogFormat } from "../../audit/logger.js";
import { createPlane } from "../plane.js";
import { oneOf, readStdin } from "./args.js";
import type { CommandInput } from "./commandSpec.js";
import { createPrinter, type OutputFormat } from "./eventPrinter.js";
import { EXIT, exitCodeForError, exitCodeForTurn } from "./exitCodes.js";
import type { RUN_FLAGS } from "./runSpec.js";
import { runRequest } from "./runRequest.js";
import { Spinner } from "./spinner.js";

const CANCEL_GRACE_MS = 3000;

export async function runCommand({
  values,
  positionals,
}: CommandInput<typeof RUN_FLAGS>): Promise<number> {
  if (values.json && values.format !== undefined && values.format !== "json")
    throw new AcpgateError("usage", `--json and --format ${values.format} contradict each other`);
  const format = values.json
    ? "json"
    : oneOf<OutputFormat>("format", values.format, ["text", "json", "quiet"], "text");
  const logFormat = oneOf<LogFormat>("log-format", values["log-format"], ["text", "json"], "text");
  const timeoutMs = values.timeout ? parseDuration(values.timeout) : 0;
  if (positionals.length > 1)
    throw new AcpgateError("usage", "run takes one PROMPT argument (quote it), or '-' for stdin");
  const promptArg = positionals[0];
  const prompt =
    promptArg === "-" || (promptArg === undefined && !process.stdin.isTTY)
      ? await readStdin()
      : promptArg;
  if (!prompt?.trim())
    throw new AcpgateError(
      "usage",
      "no prompt: give PROMPT, or '-' to read it from stdin\nSee 'acpgate run --help'.",
    );

  const plane = createPlane({
    configFile: values.config,
    cwd: process.cwd(),
    policy: values.policy,
    environment: values.env,
    surface: "cli",
    logger: createLogger({ format: logFormat }),
  });
  // Nothing runs unless its decisions can be recorded. Sessions a killed acpgate left
  // unfinished are marked lost first (audit/lostSessions.ts).
  await plane.audit
    .open()
    .then(() => plane.audit.markLostSessions())
    .catch(async (error: unknown) => {
      await plane.dispose().catch(() => undefined);
      throw error;
    });
  const printer = createPrinter(format);
  const spinner = new Spinner(process.stderr, format === "text" && process.stderr.isTTY === true);
  let session: Session | undefined;
  let stop: RunStopper | undefined;
  const result: Record<string, unknown> = {
    agentId:
      values.resume === undefined
        ? (values.agent ?? plane.config.defaultAgent ?? "demo")
        : values.agent,
  };
  let code: number = EXIT.runtime;
  try {
    // A new session from the flags, or (--resume) a recorded one as it was; refusals come first.
    const run = await runRequest(plane, { ...values });
    Object.assign(result, run.facts);
    spinner.start(`starting agent ${run.facts.agentId}`);
    // Secrets and MCP servers are resolved first: a missing one refuses before any spawn.
    session = await plane.manager.prepareWithInputs(run.request);
    session.on((event) => printer.onEvent(event));
    stop = new RunStopper(session);
    await session.start();
    spinner.stop();
    printer.note(describePolicy(run.policy));
    if (run.note) printer.note(run.note);
    stop.arm(timeoutMs);
    const turn = await session.prompt(prompt);
    code = exitCodeForTurn({
      ...turn,
      ...session.stats,
      timedOut: stop.timedOut,
      interrupted: stop.interrupted,
    });
    Object.assign(result, { stopReason: turn.stopReason, ...session.stats });
  } catch (error) {
    spinner.stop();
    code = stop?.timedOut
      ? EXIT.timeout
      : stop?.interrupted
        ? EXIT.interrupted
        : error instanceof AcpgateError
          ? exitCodeForError(error.code)
          : EXIT.runtime;
    const message = redactKnownSecrets(
      stop?.timedOut ? `timed out after ${values.timeout}` : errorMessage(error),
    );
    Object.assign(result, {
      error: { code: error instanceof AcpgateError ? error.code : "internal", message },
    });
    if (format !== "json") process.stderr.write(`acpgate: ${message}\n`);
  } finally {
    stop?.disarm();
    await session?.close().catch(() => undefined);
    await plane.dispose();
  }
  await printer.finish({ ...result, exitCode: code });
  return code;
}

/** --timeout and Ctrl-C: cancel the turn first, kill the agent if it does not stop in time. */
class RunStopper {
  timedOut = false;
  interrupted = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onSignal = (): void => {
    this.interrupted = true;
    void this.stop(new AcpgateError("cancelled", "interrupted"));
  };

  constructor(private readonly session: Session) {}

  arm(timeoutMs: number): void {
    process.once("SIGINT", this.onSignal);
    process.once("SIGTERM", this.onSignal);
    if (timeoutMs > 0) {
      this.timer = setTimeout(() => {
        this.timedOut = true;
        void this.stop(new AcpgateError("timeout", `timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    }
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }

  private async stop(reason: AcpgateError): Promise<void> {
    await this.session.cancel();
    const killer = setTimeout(() => void this.session.kill(reason), CANCEL_GRACE_MS);
    killer.unref();
  }
}
