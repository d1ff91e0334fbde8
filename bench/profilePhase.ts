import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * CPU profile of one phase of a scenario (not its setup): open FILE.cpuprofile in Chrome
 * DevTools. Set ACPGATE_BENCH_PROFILE=FILE on the fan-out worker to get the streaming phase.
 */
export async function startProfile(
  file: string | undefined,
): Promise<{ stop(): Promise<void> } | undefined> {
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    stop: async () => {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
