import { z } from "zod";
import { configSchema } from "./schema.js";

/**
 * The JSON Schema of `acpgate.yaml`, generated from the zod schema (what `acpgate config
 * schema` prints and docs/acpgate.schema.json holds). It describes the file as written
 * (`io: "input"`: fields with defaults are optional). Draft-07, the draft editors' YAML
 * language servers read best. Checks zod runs as code (a valid regular expression) are not
 * in it; `acpgate config check` runs them.
 */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: "input", target: "draft-7" }),
    title: "acpgate.yaml",
  };
}
