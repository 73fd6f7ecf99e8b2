/**
 * The stdio transport, split by concern: ./spawn (gates, lean env), ./events (what a process reports), ./lines
 * (decoding, may-be-a-frame), ./stdout-lines (framing), ./backlog (held events), ./ending (group signals), ./process
 * (one process), ./registry (kept-up processes, tracking, exit hooks), ./watchdog (no orphans if the bridge dies),
 * ./exchange (one send over a process). This index keeps `@/lib/node/bridge/stdio` the one import path for the routes, the CLI, the lab and the tests.
 */
export { minimalEnv } from "./spawn";
export { StdioProcess, type ProcessEvent, type StdioSpec } from "./process";
export {
  acquireKept,
  closeProcess,
  keptProcess,
  leaveChildrenToDrain,
  livePids,
  processStatus,
  restartProcess,
  shutdownAll,
  track,
  type Acquired,
} from "./registry";
export { sendStdio, type StdioSendOptions } from "./exchange";
