import type { BufferedWriter } from "./bufferedWriter.js";

/** One `--flag` of a command: parsed by node:util parseArgs, listed by the help. */
export interface FlagSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  readonly multiple?: boolean;
  /** The value's placeholder in the help: `--since T`. */
  readonly arg?: string;
  /** One line (or a few) for the help; the help lists every flag from here, nothing else. */
  readonly help: string;
}

export type Flags = Readonly<Record<string, FlagSpec>>;

type FlagValue<S extends FlagSpec> = S["type"] extends "boolean"
  ? boolean
  : S["multiple"] extends true
    ? string[]
    : string;

export type FlagValues<F extends Flags> = { -readonly [K in keyof F]?: FlagValue<F[K]> };

/** What a command's implementation receives: parsed flags, positionals and its output. */
export interface CommandInput<F extends Flags> {
  values: FlagValues<F>;
  positionals: string[];
  /** stdout: coalesced, and quiet once the reader went away (`acpgate … | head`). */
  out: BufferedWriter;
}

export type CommandRun<F extends Flags> = (input: CommandInput<F>) => Promise<number>;

/**
 * A command as the one table lists it (commandTable.ts). The spec is plain data, so the help
 * costs no import; `load` brings in the implementation only when the command runs.
 */
export interface CommandSpec<F extends Flags = Flags> {
  /** The words after `acpgate`: `run`, `audit list`. */
  readonly name: string;
  /** Positional arguments as the usage line shows them (`ID`, `[PROMPT | -]`); none if unset. */
  readonly args?: string;
  /** One line, shown in `acpgate --help` and the group's help. */
  readonly summary: string;
  /** Paragraphs under the usage line. */
  readonly description?: string;
  readonly flags: F;
  /** Text after the options: exit codes, examples. */
  readonly footer?: string;
  readonly load: () => Promise<CommandRun<F>>;
  /**
   * Work started once the arguments parse, before `load`, that runs while the
   * implementation's modules load (e.g. `run` starts its sandbox probe child here).
   */
  readonly warmUp?: () => void;
  /**
   * Answers when the arguments cannot be parsed (a json run still ends with its last line);
   * without it the usage error propagates to main.
   */
  readonly argumentsFailed?: (argv: string[], error: unknown) => Promise<number>;
}

/** A spec with its flag types erased: what the dispatcher and the help read. */
export interface Command {
  readonly name: string;
  readonly args?: string;
  readonly summary: string;
  readonly description?: string;
  readonly flags: Flags;
  readonly footer?: string;
  run(argv: string[], out: BufferedWriter): Promise<number>;
}

/** The flags every command has, added by `defineCommand`. */
export const HELP_FLAG = { type: "boolean", short: "h", help: "this help" } as const;

export const CONFIG_FLAG = {
  type: "string",
  arg: "FILE",
  help: "configuration file (default: ./acpgate.yaml, else the embedded default)",
} as const;
