import { delimiter, isAbsolute, join, resolve } from "node:path";
import { isExecutable } from "./npxPackage.js";

/** Where an executable named on a command line is, by PATH lookup (or as a path). */
export function findExecutable(command: string, path: string | undefined): string | undefined {
  if (command.includes("/")) return isExecutable(resolve(command)) ? resolve(command) : undefined;
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}
