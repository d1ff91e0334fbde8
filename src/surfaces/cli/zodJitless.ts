import { z } from "zod";

// Imported first by the CLI entry, before any zod schema is built (the SDK's included; the
// setting is read when a schema is constructed). zod compiles a fast parser for each object
// schema the first time it parses (`new Function`): a CLI process parses each schema a few
// times (the config file, the catalogue's entries, the SDK's answers to initialize and
// session/new), so it pays the compile and never its return — about 10 ms of a one-shot
// `run` on Node 22 (docs/bench.md). ACPGATE_ZOD_JIT=1 turns it back on, to measure.
if (process.env.ACPGATE_ZOD_JIT !== "1") z.config({ jitless: true });
