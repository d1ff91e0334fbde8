import { z } from "zod";

/**
 * The ACP registry's agent format (agentclientprotocol/registry, FORMAT.md): `id`, `name`,
 * `version`, `description` and a `distribution` of `npx`, `binary` (per platform: an archive
 * and the `cmd` inside it) or `uvx`. Unknown fields are kept out, not refused: the registry
 * adds fields over time.
 */
const envMap = z.record(z.string(), z.string());

const packageDistribution = z.object({
  package: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: envMap.optional(),
});

const binaryTarget = z.object({
  archive: z.string().optional(),
  cmd: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: envMap.optional(),
});

export const registryAgentSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "an id of letters, digits, . _ -"),
  name: z.string().min(1),
  version: z.string().min(1),
  description: z.string().default(""),
  repository: z.string().optional(),
  distribution: z
    .object({
      npx: packageDistribution.optional(),
      uvx: packageDistribution.optional(),
      binary: z.record(z.string(), binaryTarget).optional(),
    })
    .refine((d) => d.npx ?? d.uvx ?? d.binary, "a distribution needs npx, uvx or binary"),
});

export type RegistryAgent = z.output<typeof registryAgentSchema>;

/** A registry document: the built `registry.json` (`{agents: […]}`), an array, or one agent. */
export const registryDocumentSchema = z.union([
  z.object({ version: z.string().optional(), agents: z.array(registryAgentSchema) }),
  z.array(registryAgentSchema),
  registryAgentSchema,
]);

export function registryAgents(document: z.output<typeof registryDocumentSchema>): RegistryAgent[] {
  if (Array.isArray(document)) return document;
  return "agents" in document ? document.agents : [document];
}

/** The registry's name for this machine's platform (`linux-x86_64`, `darwin-aarch64`, …). */
export function registryPlatform(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  const os = platform === "win32" ? "windows" : platform;
  const cpu = arch === "x64" ? "x86_64" : arch === "arm64" ? "aarch64" : arch;
  return `${os}-${cpu}`;
}

export interface RegistryStart {
  npx?: { package: string; args: string[]; env: Record<string, string> };
  binary?: { cmd: string; args: string[]; env: Record<string, string> };
  /** Where the binary comes from, for the install hint (acpgate downloads nothing). */
  archive?: string;
}

/**
 * How a registry agent starts here. npx stays npx; uvx runs `uvx PACKAGE ARGS`; a binary is
 * the archive's `cmd` looked up on PATH by its base name (acpgate does not download archives:
 * install it, then it is found).
 */
export function registryStart(agent: RegistryAgent, platform = registryPlatform()): RegistryStart {
  const { npx, uvx, binary } = agent.distribution;
  if (npx) return { npx: { package: npx.package, args: npx.args ?? [], env: npx.env ?? {} } };
  const target = binary?.[platform];
  if (target) {
    const cmd = target.cmd.replace(/^.*[\\/]/, "");
    return {
      binary: { cmd, args: target.args ?? [], env: target.env ?? {} },
      ...(target.archive ? { archive: target.archive } : {}),
    };
  }
  if (uvx)
    return {
      binary: { cmd: "uvx", args: [uvx.package, ...(uvx.args ?? [])], env: uvx.env ?? {} },
    };
  const platforms = Object.keys(binary ?? {}).join(", ");
  return {
    binary: { cmd: agent.id, args: [], env: {} },
    archive: `no build for ${platform} (registry has ${platforms || "none"})`,
  };
}
