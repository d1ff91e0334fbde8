#!/usr/bin/env node
import "./zodJitless.js";
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { redactKnownSecrets } from "../../util/secretRegistry.js";
import { BufferedWriter } from "./bufferedWriter.js";
import { COMMANDS } from "./commandTable.js";
import { resolveCommand } from "./dispatch.js";
import { EXIT, exitCodeForError } from "./exitCodes.js";

// Both streams outlive any one command: a reader that went away (`| head`) is not a crash.
const out = new BufferedWriter(process.stdout);
const err = new BufferedWriter(process.stderr);

async function main(argv: string[]): Promise<number> {
  const resolved = resolveCommand(COMMANDS, argv);
  if (resolved.kind === "help") {
    out.write(resolved.text);
    return resolved.code;
  }
  if (resolved.kind === "version") {
    out.write("acpgate 0.1.0\n");
    return EXIT.ok;
  }
  return resolved.command.run(resolved.argv, out);
}

main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      err.write(`acpgate: ${redactKnownSecrets(errorMessage(error))}\n`);
      process.exitCode =
        error instanceof AcpgateError ? exitCodeForError(error.code) : EXIT.runtime;
    },
  )
  .then(() => Promise.all([out.drain(), err.drain()]))
  .catch(() => undefined);
