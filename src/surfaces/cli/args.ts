import { parseArgs, type ParseArgsConfig } from "node:util";
import { AcpgateError } from "../../util/errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs with errors turned into usage errors (exit 2) that name the command. */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new AcpgateError(
      "usage",
      `${command}: ${(error as Error).message}\nSee 'acpgate ${command} --help'.`,
    );
  }
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AcpgateError(
    "usage",
    `--${name} must be one of ${allowed.join(", ")} (got '${value}')`,
  );
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
