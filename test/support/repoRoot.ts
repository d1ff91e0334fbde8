import { fileURLToPath } from "node:url";

/** The repository root (tests run compiled from dist/test/…). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The built CLI entry point. */
export const CLI_PATH = fileURLToPath(new URL("../../src/surfaces/cli/main.js", import.meta.url));
