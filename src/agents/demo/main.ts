#!/usr/bin/env node
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { createDemoAgent } from "./demoAgent.js";

// The bundled demo agent: ACP over stdio. stdout carries only NDJSON.
const stream = ndJsonStream(
  Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
);
const connection = createDemoAgent().connect(stream);
void connection.closed.then(() => process.exit(0));
