import type { SessionEventBody } from "./events.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface ModeOption {
  id: string;
  name: string;
  description?: string;
}

/**
 * One view of an agent's modes, whether it exposes legacy `modes` (session/set_mode) or a
 * config option of category `mode` (session/set_config_option), plus all config options.
 */
export interface ModeViewState {
  currentModeId: string | undefined;
  available: ModeOption[];
  /** How a mode is set on this agent. */
  via: "config_option" | "modes" | "none";
  /** The id of the config option that carries the mode, when `via` is config_option. */
  modeConfigId?: string;
  configOptions: Obj[];
}

export class ModeView {
  private view: ModeViewState = {
    currentModeId: undefined,
    available: [],
    via: "none",
    configOptions: [],
  };

  get state(): ModeViewState {
    return this.view;
  }

  /** From a session/new, load or resume response. */
  fromSessionResponse(response: unknown): void {
    if (!isObj(response)) return;
    this.applyConfigOptions(response.configOptions);
    if (this.view.via === "config_option") return;
    const modes = response.modes;
    if (isObj(modes) && Array.isArray(modes.availableModes)) {
      this.view = {
        ...this.view,
        via: "modes",
        currentModeId: typeof modes.currentModeId === "string" ? modes.currentModeId : undefined,
        available: modes.availableModes.flatMap((m) =>
          isObj(m) && typeof m.id === "string"
            ? [
                {
                  id: m.id,
                  name: typeof m.name === "string" ? m.name : m.id,
                  ...(typeof m.description === "string" ? { description: m.description } : {}),
                },
              ]
            : [],
        ),
      };
    }
  }

  observe(event: SessionEventBody): void {
    if (event.type === "mode_changed") this.view = { ...this.view, currentModeId: event.modeId };
    if (event.type === "config_options") this.applyConfigOptions(event.options);
  }

  setCurrent(modeId: string): void {
    this.view = { ...this.view, currentModeId: modeId };
  }

  applyConfigOptions(options: unknown): void {
    if (!Array.isArray(options)) return;
    const configOptions = options.filter(isObj);
    const modeOption = configOptions.find((o) => o.category === "mode");
    this.view = { ...this.view, configOptions };
    if (!modeOption || typeof modeOption.id !== "string") return;
    const choices = Array.isArray(modeOption.options) ? modeOption.options : [];
    this.view = {
      ...this.view,
      via: "config_option",
      modeConfigId: modeOption.id,
      currentModeId:
        typeof modeOption.currentValue === "string" ? modeOption.currentValue : undefined,
      available: choices.flatMap((c) =>
        isObj(c) && typeof c.value === "string"
          ? [{ id: c.value, name: typeof c.name === "string" ? c.name : c.value }]
          : [],
      ),
    };
  }
}
