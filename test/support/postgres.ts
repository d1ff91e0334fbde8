import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL("../../../scripts/pg-test-server.mjs", import.meta.url));

export interface TestPostgres {
  /** URL of the server's `postgres` database. */
  url: string;
  /** A fresh, empty database on the server. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the tests run against: `ACPGATE_TEST_PG_URL` when set, else a throwaway
 * cluster started by scripts/pg-test-server.mjs (installing Debian's postgresql if needed).
 * Returns a reason to skip only outside CI: with CI set, no PostgreSQL is a failure.
 */
export async function testPostgres(): Promise<TestPostgres | { skip: string }> {
  const given = process.env.ACPGATE_TEST_PG_URL;
  if (given) return server(given, async () => undefined);
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, "start"], { timeout: 600_000 });
    const started = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
      url: string;
      dir: string;
    };
    return server(started.url, async () => {
      await run(process.execPath, [SCRIPT, "stop", started.dir], { timeout: 60_000 });
    });
  } catch (error) {
    const reason = `PostgreSQL unavailable: ${(error as { stderr?: string }).stderr ?? String(error)}`;
    if (process.env.CI) throw new Error(`${reason}\n(CI is set: the PostgreSQL suite must run)`);
    process.stderr.write(
      `\n*** skipping the PostgreSQL suite: ${reason}\n*** set ACPGATE_TEST_PG_URL or install postgresql\n`,
    );
    return { skip: reason };
  }
}

function server(url: string, stop: () => Promise<void>): TestPostgres {
  return {
    url,
    stop,
    freshDatabase: async () => {
      const name = `acpgate_test_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      const fresh = new URL(url);
      fresh.pathname = `/${name}`;
      return fresh.toString();
    },
  };
}
