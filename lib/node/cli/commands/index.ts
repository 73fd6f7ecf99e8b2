/**
 * Subcommands beyond probe/send, each in its own module exporting `run(argv) → exit code`. Adding one is one
 * line here; main.ts dispatches to it, prints its usage line, and ends every process afterwards.
 */
import type { CliCommand } from "./command";

export type { CliCommand };

export const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  lab: () => import("./lab").then((m) => m.command),
  link: () => import("./link").then((m) => m.command),
  explain: () => import("./explain").then((m) => m.command),
  date: () => import("./date").then((m) => m.command),
  tokens: () => import("./tokens").then((m) => m.command),
  check: () => import("./check").then((m) => m.command),
  doctor: () => import("./doctor").then((m) => m.command),
  task: () => import("./task").then((m) => m.command),
  auth: () => import("./auth").then((m) => m.command),
  cassette: () => import("./cassette").then((m) => m.command),
  record: () => import("./record").then((m) => m.command),
  mock: () => import("./mock").then((m) => m.command),
  diff: () => import("./diff").then((m) => m.command),
  compare: () => import("./compare").then((m) => m.command),
  apps: () => import("./apps").then((m) => m.command),
  mcp: () => import("./mcp").then((m) => m.command),
  skills: () => import("./skills").then((m) => m.command),
};
