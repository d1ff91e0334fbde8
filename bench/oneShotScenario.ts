import type { BenchOptions } from "./benchEnv.js";
import { ACPGATE, ACPX, cliPairing, DIRECT } from "./cliPairing.js";
import type { Row, TargetResult } from "./report.js";

/**
 * one-shot: a trivial prompt from a fresh process (spawn, initialize, session/new, one chunk,
 * exit), the whole CLI start-up included: module loading is most of it.
 */
export async function oneShotScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const reps = options.quick ? 4 : 10;
  const { rows, wall, raw } = await cliPairing("one-shot", 1, reps);
  const ratio = wall[ACPGATE]! / wall[DIRECT]!;
  const targets: TargetResult[] = [
    {
      scenario: "one-shot",
      target: "acpgate ≤ 1.3× direct (wall)",
      measured: `${ratio.toFixed(2)}×`,
      pass: ratio <= 1.3,
    },
    {
      scenario: "one-shot",
      target: "acpgate faster than acpx (wall)",
      measured:
        wall[ACPX] !== undefined
          ? `${wall[ACPGATE]!.toFixed(0)} vs ${wall[ACPX].toFixed(0)} ms`
          : "acpx unavailable",
      pass: wall[ACPX] !== undefined ? wall[ACPGATE]! < wall[ACPX] : "n/a",
    },
  ];
  return { rows, targets, raw };
}
