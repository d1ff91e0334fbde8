import { z } from "zod";

/** Where sessions and the audit live: the embedded SQLite file, or a PostgreSQL URL. */
export const storageSchema = z.union([
  z.strictObject({ sqlite: z.string().min(1) }),
  z.strictObject({ postgres: z.string().min(1) }),
]);

export type StorageConfig = z.output<typeof storageSchema>;
