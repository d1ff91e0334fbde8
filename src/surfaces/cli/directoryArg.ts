import { statSync } from "node:fs";
import { resolve } from "node:path";
import { AcpgateError } from "../../util/errors.js";

/**
 * A directory named on the command line (`--cwd`), resolved and checked before anything is
 * spawned: a missing one or a file is a usage error, not a spawn ENOENT of the agent's command.
 */
export function directoryArg(flag: string, value: string): string {
  const dir = resolve(value);
  const named = dir === value ? value : `${value} (${dir})`;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch {
    throw new AcpgateError("usage", `${flag}: no such directory: ${named}`, { dir });
  }
  if (!isDirectory)
    throw new AcpgateError("usage", `${flag}: no such directory: ${named} is not a directory`, {
      dir,
    });
  return dir;
}
