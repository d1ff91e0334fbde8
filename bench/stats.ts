/** Order statistics for benchmark samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Spread as the half-range around the median, in percent (how noisy the repetitions were). */
export function spreadPct(samples: readonly number[]): number {
  if (samples.length < 2) return 0;
  const m = median(samples);
  return m === 0 ? 0 : ((Math.max(...samples) - Math.min(...samples)) / 2 / m) * 100;
}

export interface Summary {
  median: number;
  spreadPct: number;
  min: number;
  max: number;
  n: number;
}

export function summarise(samples: readonly number[]): Summary {
  return {
    median: median(samples),
    spreadPct: spreadPct(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    n: samples.length,
  };
}
