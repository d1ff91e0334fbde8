import { AcpgateError } from "../util/errors.js";

/**
 * acpgate relaxes what it accepts, never what it sends: ACP reserves names starting with
 * `_` for extensions, so an outbound extension call must use one. Checked before anything
 * is written to the pipe.
 */
export function assertOutboundExtensionName(method: string): void {
  if (method.length < 2 || !method.startsWith("_")) {
    throw new AcpgateError(
      "extension_refused",
      `extension method '${method}' must start with '_' (ACP reserves other names); nothing was sent`,
      { method },
    );
  }
}
