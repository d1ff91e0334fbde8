import type { SetSessionConfigOptionRequest } from "@agentclientprotocol/sdk";
import type { AgentConnection } from "../protocol/agentConnection.js";
import type { ModeView } from "./modeView.js";

/** What setting a mode or a config option needs of a session. */
export interface ModeTarget {
  connection: AgentConnection;
  sessionId: string;
  modes: ModeView;
}

/** Sets a session config option and takes the agent's answer as the new options. */
export async function setConfigOption(
  target: ModeTarget,
  configId: string,
  value: string | boolean,
): Promise<void> {
  const { sessionId } = target;
  const params: SetSessionConfigOptionRequest =
    typeof value === "boolean"
      ? { sessionId, configId, type: "boolean" as const, value }
      : { sessionId, configId, value };
  const response = await target.connection.request("session/set_config_option", params);
  target.modes.applyConfigOptions(response.configOptions);
}

/** Sets the agent's mode: through a `mode` config option when it has one, else session/set_mode. */
export async function setMode(target: ModeTarget, modeId: string): Promise<void> {
  const view = target.modes.state;
  if (view.via === "config_option" && view.modeConfigId)
    await setConfigOption(target, view.modeConfigId, modeId);
  else await target.connection.request("session/set_mode", { sessionId: target.sessionId, modeId });
  target.modes.setCurrent(modeId);
}
