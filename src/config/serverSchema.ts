import { z } from "zod";

export const serverSchema = z
  .strictObject({
    host: z.string().default("127.0.0.1"),
    port: z.number().int().min(0).max(65535).default(7070),
  })
  .describe("where acpgate serve listens");
