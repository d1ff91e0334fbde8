import { parseDuration } from "../../util/duration.js";
import { AcpgateError } from "../../util/errors.js";
import type { Session } from "../../sessions/session.js";
import { describePolicy } from "../../policy/describePolicy.js";
import { createLogger, type LogFormat } from "../../audit/logger.js";
import { createPlane, type Plane } from "../plane.js";
import { parseCommandArgs, oneOf, readStdin } from "./args.js";
import { directoryArg } from "./directoryArg.js";
import { createPrinter, type EventPrinter, type OutputFormat } from "./eventPrinter.js";
import { EXIT } from "./exitCodes.js";
import { runOutcome } from "./runOutcome.js";
import { RunStopper } from "./runStopper.js";
import { Spinner } from "./spinner.js";

export const RUN_HELP = `Usage: acpgate run [options] [PROMPT | -]

Runs one unattended session: starts the agent, sends PROMPT (or stdin with '-'),
streams the answer, and exits with a code that says how it ended.

Options:
  --agent ID          agent from the catalogue (default: config defaultAgent, else demo)
  --cwd DIR           the session's working directory (default: .)
  --policy NAME       policy to run under (default: read-only)
  --env NAME          environment from the config (MCP servers, secrets, policy)
  --format FMT        text (default) | json (one event per line) | quiet (final answer only)
  --timeout DUR       give up after DUR (e.g. 90s, 10m), start-up included: cancel the
                      turn, then kill the agent (default: none)
  --config FILE       configuration file (default: ./acpgate.yaml, else the embedded default)
  --log-format FMT    text (default: warnings only) | json (pino lines on stderr)
  -h, --help          this help

Exit codes:
  0 end_turn · 1 runtime error (agent crashed, failed to start, protocol error)
  2 usage or config error · 3 timeout · 4 refused to start (missing capability,
  MCP server or secret) · 5 a permission was refused by policy and nothing approved
  6 max_tokens, max_turn_requests or refusal · 130 interrupted (SIGINT, SIGTERM,
  SIGHUP) or the agent cancelled the turn. Every non-zero exit prints why on stderr.
`;

export async function runCommand(argv: string[]): Promise<number> {
  let format: OutputFormat = formatIn(argv);
  let printer: EventPrinter | undefined;
  let stopper: RunStopper | undefined;
  let plane: Plane | undefined;
  let session: Session | undefined;
  let stopReason: string | undefined;
  let failure: unknown;
  const result: Record<string, unknown> = {};
  let spinner: Spinner | undefined;
  try {
    const { values, positionals } = parseCommandArgs("run", argv, {
      agent: { type: "string" },
      cwd: { type: "string" },
      policy: { type: "string" },
      env: { type: "string" },
      format: { type: "string" },
      timeout: { type: "string" },
      config: { type: "string" },
      "log-format": { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (values.help) {
      process.stdout.write(RUN_HELP);
      return EXIT.ok;
    }
    format = oneOf<OutputFormat>("format", values.format, ["text", "json", "quiet"], "text");
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
    });
    // Nothing runs unless its decisions can be recorded.
    await plane.audit.open();
    stopper.check();
    const agentId = values.agent ?? plane.config.defaultAgent ?? "demo";
    result.agentId = agentId;
    spinner = new Spinner(process.stderr, format === "text" && process.stderr.isTTY === true);
    spinner.start(`starting agent ${agentId}`);
    // Secrets and MCP servers are resolved first: a missing one refuses before any spawn.
    session = await plane.manager.prepareWithInputs({
      agentId,
      cwd,
      unattended: true,
      policy: plane.policy.name,
      ...(values.env !== undefined ? { environment: values.env } : {}),
    });
    session.on((event) => shown.onEvent(event));
    stopper.attach(session);
    await session.start();
    stopper.check();
    spinner.stop();
    shown.note(describePolicy(plane.policy));
    const turn = await session.prompt(prompt);
    stopReason = turn.stopReason;
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
  await printer.finish({ ...result, ...outcome });
  return outcome.exitCode;
}

/**
 * The `--format` asked for, read before the flags are parsed: a usage error in a json run
 * still ends with a run_finished line.
 */
function formatIn(argv: string[]): OutputFormat {
  const at = argv.lastIndexOf("--format");
  const value = at >= 0 ? argv[at + 1] : argv.findLast((a) => a.startsWith("--format="))?.slice(9);
  return value === "json" || value === "quiet" ? value : "text";
}
