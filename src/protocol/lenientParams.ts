import { z } from "zod";

/*
 * Vendor params are parsed in two tiers. A field acpgate acts on (an id an answer must
 * echo, a list it merges, a flag that changes what it asks) is validated by the method's
 * zod schema and a wrong type answers -32602. A field acpgate only displays or records is
 * never validated: it is read through the functions below, which turn what they can show
 * into text and drop the rest (the raw value stays in the `extension` record and in `raw`).
 * A vendor changing the type of a display field must not lose the agent's turn.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Params of a method whose fields acpgate acts on only as `shape` declares: anything that
 * is not an object reads as `{}`, and undeclared keys pass through as `unknown`.
 */
export function lenientObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess((value) => (isRecord(value) ? value : {}), z.looseObject(shape));
}

/** A string as it came (cut to `max`), a number or boolean as text; anything else undefined. */
export function displayText(value: unknown, max = Infinity): string | undefined {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return undefined;
}

/** A finite, non-negative number (a duration, a count); anything else undefined. */
export function displayCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

const MAX_LABEL_DEPTH = 4;

/**
 * A label for a value that is a string or a tagged object, as protobuf-to-JSON encoders
 * write a oneof: the path of its single keys, ending at a `name` when there is one.
 * `"explore"` → `explore`; `{custom: {unspecified: {}}}` → `custom/unspecified`;
 * `{custom: {name: "file-counter"}}` → `custom/file-counter`; `{}` or `[1]` → undefined.
 */
export function displayLabel(value: unknown, max = 200): string | undefined {
  const parts: string[] = [];
  let current = value;
  for (let depth = 0; depth < MAX_LABEL_DEPTH; depth++) {
    const text = displayText(current);
    if (text !== undefined) {
      parts.push(text);
      break;
    }
    if (!isRecord(current)) break;
    const name = displayText(current.name);
    if (name !== undefined) {
      parts.push(name);
      break;
    }
    const keys = Object.keys(current);
    if (keys.length !== 1 || keys[0] === undefined) break;
    parts.push(keys[0]);
    current = current[keys[0]];
  }
  const label = parts.join("/");
  return label ? label.slice(0, max) : undefined;
}
