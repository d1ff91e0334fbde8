import { execFile } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { SecretSource } from "../config/environmentSchema.js";
import { parseDuration } from "../util/duration.js";
import { AcpgateError, errorMessage } from "../util/errors.js";
import { redactValues } from "../util/secretRegistry.js";

export interface ReaderContext {
  planeEnv: NodeJS.ProcessEnv;
  /** Relative `file` paths are resolved against this (the config file's directory). */
  baseDir: string;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * Reads one secret. Every failure is `secret_missing` naming the secret and the reason;
 * no message ever carries the value (nor command output that could contain it).
 */
export async function readSecret(
  name: string,
  source: SecretSource,
  ctx: ReaderContext,
): Promise<string> {
  switch (source.from) {
    case "env":
      return fromEnv(name, source.var ?? name, ctx);
    case "file":
      return fromFile(name, resolve(ctx.baseDir, source.path));
    case "command":
      return fromCommand(name, source.command, source.args, commandTimeout(source.timeout), ctx);
  }
}

function fromEnv(name: string, variable: string, ctx: ReaderContext): string {
  const value = ctx.planeEnv[variable];
  if (value === undefined || value === "") {
    throw missing(name, `environment variable ${variable} is not set in acpgate's environment`, {
      source: "env",
      reason: "not_set",
    });
  }
  return value;
}

async function fromFile(name: string, path: string): Promise<string> {
  let mode: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error("not a regular file");
    mode = info.mode & 0o777;
  } catch (error) {
    throw missing(name, `cannot read file ${path}: ${errorMessage(error)}`, {
      source: "file",
      reason: "file_unreadable",
    });
  }
  if ((mode & 0o077) !== 0) {
    const octal = mode.toString(8).padStart(4, "0");
    throw missing(
      name,
      `file ${path} has mode ${octal}; refusing to use it because other users of this machine can read or change it — restrict it to its owner (chmod 600 ${path})`,
      { source: "file", reason: "file_mode", mode: octal },
    );
  }
  const value = (await readFile(path, "utf8")).replace(/\r?\n$/, "");
  if (value === "")
    throw missing(name, `file ${path} is empty`, { source: "file", reason: "empty" });
  return value;
}

function fromCommand(
  name: string,
  command: string,
  args: string[],
  timeoutMs: number,
  ctx: ReaderContext,
): Promise<string> {
  const shown = [command, ...args].join(" ");
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      {
        shell: false,
        timeout: timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: MAX_OUTPUT_BYTES,
        env: ctx.planeEnv,
        cwd: ctx.baseDir,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        const value = stdout.trim();
        if (error) {
          const timedOut = (error as { killed?: boolean }).killed === true;
          const why = timedOut
            ? `timed out after ${timeoutMs} ms`
            : `failed: ${commandFailure(error)}`;
          const tail = redactValues(stderr.trim().split("\n").slice(-3).join(" | "), [value]);
          fail(
            missing(name, `command '${shown}' ${why}${tail ? ` (stderr: ${tail})` : ""}`, {
              source: "command",
              reason: timedOut ? "command_timeout" : "command_failed",
            }),
          );
          return;
        }
        if (value === "") {
          fail(
            missing(name, `command '${shown}' printed nothing`, {
              source: "command",
              reason: "empty",
            }),
          );
          return;
        }
        done(value);
      },
    );
  });
}

function commandFailure(error: { code?: unknown }): string {
  if (typeof error.code === "number") return `exit code ${error.code}`;
  if (error.code === "ENOENT") return "command not found";
  return typeof error.code === "string" ? error.code : "error";
}

function commandTimeout(value: string | number | undefined): number {
  if (value === undefined) return DEFAULT_COMMAND_TIMEOUT_MS;
  return typeof value === "number" ? value * 1000 : parseDuration(value);
}

function missing(name: string, why: string, details: Record<string, unknown>): AcpgateError {
  return new AcpgateError("secret_missing", `secret '${name}' is unavailable: ${why}`, {
    secret: name,
    ...details,
  });
}
