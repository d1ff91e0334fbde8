import type { BenchOptions } from "./benchEnv.js";
import { ACPGATE, cliPairing, DIRECT, fasterThanAcpx } from "./cliPairing.js";
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
    fasterThanAcpx("one-shot", wall),
  ];
  return { rows, targets, raw };
}
