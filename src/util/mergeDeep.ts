type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Merges plain objects recursively; `over` wins on conflicts; arrays are replaced. */
export function mergeDeep(base: unknown, over: unknown): unknown {
  if (!isObj(base) || !isObj(over)) return over === undefined ? base : over;
  const out: Obj = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = mergeDeep(base[key], value);
  return out;
}
