let lastMs = 0;
let lastIso = "";

/** ISO time of now; formatted once per millisecond (a stream emits thousands per ms). */
export function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}
