// Preloaded with `node --import` into a measured client process: on exit it writes the
// process's own CPU time and peak RSS (not its children's: the agent is not the client) to
// the file named by ACPGATE_BENCH_USAGE.
import { writeFileSync } from "node:fs";

const file = process.env.ACPGATE_BENCH_USAGE;
if (file) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
        maxRssMiB: usage.maxRSS / 1024,
      }),
    );
  });
}
