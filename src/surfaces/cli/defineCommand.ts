import { AcpgateError } from "../../util/errors.js";
import { parseCommandArgs } from "./args.js";
import { formatCommandHelp } from "./commandHelp.js";
import {
  HELP_FLAG,
  type Command,
  type CommandSpec,
  type FlagValues,
  type FlagSpec,
  type Flags,
} from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";

/**
 * Turns a spec into a runnable command: flags parsed strictly (an unknown flag is a usage
 * error naming the command), `--help` answered from the spec, positionals refused when the
 * spec declares none, then the implementation loaded and run.
 */
export function defineCommand<const F extends Flags>(spec: CommandSpec<F>): Command {
  const command: Command = {
    name: spec.name,
    summary: spec.summary,
    flags: spec.flags,
    ...(spec.args !== undefined ? { args: spec.args } : {}),
    ...(spec.description !== undefined ? { description: spec.description } : {}),
    ...(spec.footer !== undefined ? { footer: spec.footer } : {}),
    async run(argv, out) {
      const options = Object.fromEntries(
        [...Object.entries(spec.flags), ["help", HELP_FLAG as FlagSpec] as const].map(
          ([name, flag]) => [
            name,
            {
              type: flag.type,
              ...(flag.short ? { short: flag.short } : {}),
              ...(flag.multiple ? { multiple: true } : {}),
            },
          ],
        ),
      );
      let parsed: ReturnType<typeof parseCommandArgs>;
      try {
        parsed = parseCommandArgs(spec.name, argv, options);
      } catch (error) {
        if (spec.argumentsFailed) return spec.argumentsFailed(argv, error);
        throw error;
      }
      const { values, positionals } = parsed;
      if (values.help) {
        out.write(formatCommandHelp(command));
        return EXIT.ok;
      }
      if (spec.args === undefined && positionals.length > 0) {
        throw new AcpgateError(
          "usage",
          `${spec.name}: unexpected argument '${positionals[0] ?? ""}'\nSee 'acpgate ${spec.name} --help'.`,
        );
      }
      spec.warmUp?.();
      const implementation = await spec.load();
      return implementation({ values: values as FlagValues<F>, positionals, out });
    },
  };
  return command;
}
