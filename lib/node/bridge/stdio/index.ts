/**
 * The stdio transport, split by concern: ./spawn (lean env), ./events (what a process reports), ./lines
 * (decoding, may-be-a-frame), ./process (one process: spawn, framing, backlog), ./registry (kept-up processes,
 * tracking, exit hooks), ./watchdog (no orphans if the bridge dies), ./exchange (one send over a process). This index
 * keeps `@/lib/node/bridge/stdio` the one import path for the routes, the CLI, the lab and the tests.
 */
export { minimalEnv } from "./spawn";
export { StdioProcess, type ProcessEvent, type StdioSpec } from "./process";
export {
  acquireKept,
  closeProcess,
  keptProcess,
  livePids,
  processStatus,
  restartProcess,
  shutdownAll,
  track,
  type Acquired,
} from "./registry";
export { sendStdio, type StdioSendOptions } from "./exchange";
