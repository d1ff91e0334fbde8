/** `agents list --json`: the version of each line, bumped on incompatible change. */
export const AGENT_SCHEMA = "acpgate.agent.v1";
/** `agents show --json`. */
export const AGENT_INPUTS_SCHEMA = "acpgate.agent-inputs.v1";
