import { parseDuration } from "../../util/duration.js";
import { holdYoungGeneration } from "../../util/youngGeneration.js";
import { AcpgateError } from "../../util/errors.js";
import type { Session } from "../../sessions/session.js";
import { describePolicy } from "../../policy/describePolicy.js";
import { createLogger, type LogFormat } from "../../audit/logger.js";
import { integrityOf, protectedChangeError } from "../../governance/integrityWatch.js";
import { createPlane, type Plane } from "../plane.js";
import { oneOf, readStdin } from "./args.js";
import type { CommandInput } from "./commandSpec.js";
import { directoryArg } from "./directoryArg.js";
import { createPrinter, type EventPrinter, type OutputFormat } from "./eventPrinter.js";
import { runOutcome } from "./runOutcome.js";
import { runRequest } from "./runRequest.js";
import type { RUN_FLAGS } from "./runSpec.js";
import { RunStopper } from "./runStopper.js";
import { Spinner } from "./spinner.js";

/**
 * `acpgate run`: one unattended session. Whatever ends it — a usage or config error, the
 * store, the agent, a timeout, a signal at any phase — it ends with one exit code and one
 * line saying why (`run_finished` in json).
 */
export async function runCommand({
  values,
  positionals,
}: CommandInput<typeof RUN_FLAGS>): Promise<number> {
  let format: OutputFormat = values.json ? "json" : formatOf(values.format);
  let printer: EventPrinter | undefined;
  let stopper: RunStopper | undefined;
  let plane: Plane | undefined;
  let session: Session | undefined;
  let stopReason: string | undefined;
  let failure: unknown;
  const result: Record<string, unknown> = {};
  let spinner: Spinner | undefined;
  try {
    if (values.json && values.format !== undefined && values.format !== "json")
      throw new AcpgateError("usage", `--json and --format ${values.format} contradict each other`);
    format = values.json
      ? "json"
      : oneOf<OutputFormat>("format", values.format, ["text", "json", "quiet"], "text");
    const shown = (printer = createPrinter(format));
    const logFormat = oneOf<LogFormat>(
      "log-format",
      values["log-format"],
      ["text", "json"],
      "text",
    );
    const timeoutMs = values.timeout ? parseDuration(values.timeout, "--timeout") : 0;
    if (positionals.length > 1)
      throw new AcpgateError("usage", "run takes one PROMPT argument (quote it), or '-' for stdin");
    // From here on a signal or --timeout ends the run, however far it got (start-up included).
    stopper = new RunStopper(values.timeout ? { ms: timeoutMs, text: values.timeout } : undefined);
    stopper.arm();
    const promptArg = positionals[0];
    const prompt =
      promptArg === "-" || (promptArg === undefined && !process.stdin.isTTY)
        ? await stopper.race(readStdin()).catch((error: unknown) => {
            process.stdin.destroy();
            throw error;
          })
        : promptArg;
    if (!prompt?.trim())
      throw new AcpgateError(
        "usage",
        "no prompt: give PROMPT, or '-' to read it from stdin\nSee 'acpgate run --help'.",
      );
    const cwd = directoryArg("--cwd", values.cwd ?? ".");

    plane = createPlane({
      configFile: values.config,
      cwd: process.cwd(),
      policy: values.policy,
      environment: values.env,
      surface: "cli",
      logger: createLogger({ format: logFormat }),
      // Nothing reads a session's past events here: `run` prints them as they come.
      eventLogCapacity: 16,
      // One short session: SQLite on this thread costs less than starting a worker for it.
      sqliteThread: "caller",
    });
    // Nothing runs unless its decisions can be recorded. Sessions a killed acpgate left
    // unfinished are marked lost first (audit/lostSessions.ts).
    await plane.audit.open();
    await plane.audit.markLostSessions();
    stopper.check();
    // A new session from the flags, or (--resume) a recorded one as it was; refusals come first.
    const run = await runRequest(plane, { ...values, cwd });
    Object.assign(result, run.facts);
    spinner = new Spinner(process.stderr, format === "text" && process.stderr.isTTY === true);
    spinner.start(`starting agent ${run.facts.agentId}`);
    // Secrets and MCP servers are resolved first: a missing one refuses before any spawn.
    session = await plane.manager.prepareWithInputs(run.request);
    session.on((event) => shown.onEvent(event));
    stopper.attach(session);
    await session.start();
    stopper.check();
    spinner.stop();
    // Start-up is done: the young generation stays the size it grew to (youngGeneration.ts).
    holdYoungGeneration();
    shown.note(describePolicy(run.policy));
    if (run.note) shown.note(run.note);
    const turn = await session.prompt(prompt);
    stopReason = turn.stopReason;
    // A protected path changed behind acpgate's back: the run fails (exit 5), whatever the turn said.
    const changed = await integrityOf(session)?.settled();
    if (changed?.length) throw protectedChangeError(changed);
  } catch (error) {
    failure = error;
  } finally {
    stopper?.settle();
    spinner?.stop();
    // The handlers stay until the agent is gone: a signal while closing forces the kill.
    await session?.close().catch(() => undefined);
    await plane?.dispose().catch(() => undefined);
    stopper?.disarm();
  }
  const outcome = runOutcome({
    ...(failure !== undefined ? { failure } : {}),
    ...(stopReason !== undefined ? { stopReason } : {}),
    ...(session ? { stats: session.stats } : {}),
    ...(stopper ? { stopper } : {}),
  });
  if (stopReason !== undefined) result.stopReason = stopReason;
  if (session) Object.assign(result, session.stats);
  printer ??= createPrinter(format);
  // The printer's writers mask every secret in what they write (run_finished included).
  await printer.finish({ ...result, ...outcome });
  return outcome.exitCode;
}

/**
 * A run whose flags could not even be parsed: still one line why, and in a json run still a
 * `run_finished` (the format read from the raw arguments).
 */
export async function runArgumentsFailed(argv: string[], error: unknown): Promise<number> {
  const outcome = runOutcome({ failure: error });
  await createPrinter(formatIn(argv)).finish({ ...outcome });
  return outcome.exitCode;
}

function formatOf(value: string | undefined): OutputFormat {
  return value === "json" || value === "quiet" ? value : "text";
}

/** The `--format` asked for, read from raw arguments (`--format json`, `--format=json`, `--json`). */
function formatIn(argv: string[]): OutputFormat {
  if (argv.includes("--json")) return "json";
  const at = argv.lastIndexOf("--format");
  const value = at >= 0 ? argv[at + 1] : argv.findLast((a) => a.startsWith("--format="))?.slice(9);
  return formatOf(value);
}
