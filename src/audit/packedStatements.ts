import type { SqlStatement } from "./sqlDriver.js";

/** Kinds of a packed parameter. */
const NULL = 0;
const TEXT = 1;
const NUMBER = 2;
/** Anything else (a Buffer, a bigint): carried as itself, in `others`. */
const OTHER = 3;

/**
 * Statements as few values as the structured clone of a `postMessage` can copy: every SQL
 * text and string parameter joined into one string, cut again by `lengths`; numbers in one
 * Float64Array; what each parameter is in one Uint8Array. A batch of 256 journal rows is
 * 2,300 strings: cloned one by one they cost the posting thread ~1 ms, as one string a copy.
 * The typed arrays' buffers can be transferred (`transfer`).
 */
export interface PackedStatements {
  text: string;
  /** Per statement: its SQL's length, then one per string parameter. */
  lengths: Uint32Array;
  /** Per statement: how many parameters it has. */
  counts: Uint32Array;
  kinds: Uint8Array;
  numbers: Float64Array;
  others: unknown[];
}

export function packStatements(statements: readonly SqlStatement[]): PackedStatements {
  let params = 0;
  for (const [, p] of statements) params += p.length;
  const counts = new Uint32Array(statements.length);
  const kinds = new Uint8Array(params);
  const lengths = new Uint32Array(statements.length + params);
  const numbers = new Float64Array(params);
  const others: unknown[] = [];
  const parts: string[] = [];
  let at = 0;
  let cut = 0;
  statements.forEach(([sql, values], i) => {
    counts[i] = values.length;
    parts.push(sql);
    lengths[cut++] = sql.length;
    for (const value of values) {
      if (value === null || value === undefined) kinds[at] = NULL;
      else if (typeof value === "string") {
        kinds[at] = TEXT;
        parts.push(value);
        lengths[cut++] = value.length;
      } else if (typeof value === "number") {
        kinds[at] = NUMBER;
        numbers[at] = value;
      } else {
        kinds[at] = OTHER;
        others.push(value);
      }
      at++;
    }
  });
  return { text: parts.join(""), lengths: lengths.slice(0, cut), counts, kinds, numbers, others };
}

export function unpackStatements(packed: PackedStatements): SqlStatement[] {
  const { text, lengths, counts, kinds, numbers, others } = packed;
  const out: SqlStatement[] = [];
  let offset = 0;
  let cut = 0;
  let at = 0;
  let other = 0;
  const nextText = (): string => {
    const length = lengths[cut++]!;
    const value = text.slice(offset, offset + length);
    offset += length;
    return value;
  };
  for (const count of counts) {
    const sql = nextText();
    const params: unknown[] = new Array(count);
    for (let p = 0; p < count; p++, at++) {
      const kind = kinds[at];
      params[p] =
        kind === TEXT
          ? nextText()
          : kind === NUMBER
            ? numbers[at]
            : kind === OTHER
              ? others[other++]
              : null;
    }
    out.push([sql, params]);
  }
  return out;
}

/** The buffers a posted PackedStatements can give away. */
export function transferList(packed: PackedStatements): ArrayBuffer[] {
  return [packed.lengths, packed.counts, packed.kinds, packed.numbers].map(
    (a) => a.buffer as ArrayBuffer,
  );
}
