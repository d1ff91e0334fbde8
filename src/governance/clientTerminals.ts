import type { ClientParams, ClientResult } from "../protocol/clientMethods.js";

/**
 * Who runs terminals when it is not acpgate: an editor that advertised `terminal` shows them
 * to the person. Called only after policy allowed the command, with the judged real cwd;
 * the terminal ids it mints are the ones the agent uses afterwards.
 */
export interface ClientTerminals {
  create(params: ClientParams<"terminal/create">): Promise<ClientResult<"terminal/create">>;
  output(params: ClientParams<"terminal/output">): Promise<ClientResult<"terminal/output">>;
  waitForExit(
    params: ClientParams<"terminal/wait_for_exit">,
    signal: AbortSignal,
  ): Promise<ClientResult<"terminal/wait_for_exit">>;
  kill(params: ClientParams<"terminal/kill">): Promise<unknown>;
  release(params: ClientParams<"terminal/release">): Promise<unknown>;
}
