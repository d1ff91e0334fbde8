import { Writable } from "node:stream";
import { pino, type Logger } from "pino";
import { redactor, type Redactor } from "./redactor.js";

export type LogFormat = "json" | "text";
export type { Logger };

export interface LoggerOptions {
  format: LogFormat;
  /** Default: `info` for json, `warn` for text (quiet: `run` prints events, not logs). */
  level?: string;
  /** Default: stderr. stdout is never used: it carries events or NDJSON. */
  stream?: NodeJS.WritableStream;
  redactor?: Redactor;
}

/**
 * Structured logs with pino: one JSON object per line (`serve`, `run --log-format json`), or
 * short human lines for `run`. Every message and field goes through the redactor first.
 */
export function createLogger(options: LoggerOptions): Logger {
  const redact = options.redactor ?? redactor;
  const out = options.stream ?? process.stderr;
  const destination = options.format === "json" ? out : humanLines(out);
  return pino(
    {
      base: { name: "acpgate" },
      level: options.level ?? (options.format === "json" ? "info" : "warn"),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (object) => redact.redactValue(object) },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a: unknown) => (typeof a === "string" ? redact.redact(a) : a)) as Parameters<
              typeof method
            >,
          );
        },
      },
    },
    destination,
  );
}

/** `acpgate: warn: message (key=value …)` per pino line. */
function humanLines(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line) continue;
        try {
          const {
            level,
            msg,
            time: _t,
            name: _n,
            pid: _p,
            hostname: _h,
            ...rest
          } = JSON.parse(line) as Record<string, unknown>;
          const label = typeof level === "number" ? (pino.levels.labels[level] ?? level) : level;
          const extra = Object.entries(rest)
            .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
            .join(" ");
          out.write(
            `acpgate: ${String(label)}: ${typeof msg === "string" ? msg : ""}${extra ? ` (${extra})` : ""}\n`,
          );
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}
