import type { BenchOptions } from "./benchEnv.js";
import { ACPGATE, cliPairing, DIRECT, fasterThanAcpx } from "./cliPairing.js";
import type { Row, TargetResult } from "./report.js";

/** stream: one prompt, N agent_message_chunk updates; wall and peak RSS against the bare client. */
export async function streamScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const chunks = options.quick ? 20_000 : 100_000;
  const reps = options.quick ? 2 : 5;
  const { rows, wall, rss, raw } = await cliPairing("stream", chunks, reps);
  const ratio = wall[ACPGATE]! / wall[DIRECT]!;
  const memory = rss[ACPGATE]! / rss[DIRECT]!;
  const targets: TargetResult[] = [
    {
      scenario: "stream",
      target: "acpgate ≤ 1.15× direct (wall)",
      measured: `${ratio.toFixed(2)}×`,
      pass: ratio <= 1.15,
    },
    {
      scenario: "stream",
      target: "acpgate ≤ 1.3× direct (peak RSS)",
      measured: `${memory.toFixed(2)}×`,
      pass: memory <= 1.3,
    },
    fasterThanAcpx("stream", wall),
  ];
  return { rows, targets, raw };
}
