/**
 * The zod-free half of the bridge contract: the token header, the embedded server names, and how a target is
 * keyed, labelled and carried. The page imports these without loading zod; contract.ts re-exports them. Pure.
 */
import type { Transport } from "../protocol/exchange";
import type { Target } from "./contract";

export const TOKEN_HEADER = "x-playground-token";

/** Embedded servers the playground ships with. */
export const DEMO_SERVERS = [
  "calendar",
  "everything",
  "calendar-handles",
  "calendar-hardened",
  "mrtr-scenarios",
  "tasks",
  "calendar-app",
] as const;
export type DemoServer = (typeof DEMO_SERVERS)[number];

/**
 * Recordings the bridge can answer from without any server (lib/cassette/server/replay-target.ts): the examples
 * gallery's, by id (a unit test keeps this list equal to lib/share/examples). A "replay" target spawns and sends nothing.
 */
export const REPLAY_CASSETTES = [
  "legacy-bare-tools-list",
  "modern-tools-list",
  "discover-legacy-fallback",
  "missing-envelope",
  "missing-capability",
  "unsupported-version",
  "calendar-three-ways",
  "calendar-app-way",
  "dentist-mrtr",
  "isolation-abc",
  "token-bill",
] as const;
export type ReplayCassette = (typeof REPLAY_CASSETTES)[number];

/** Stable key for a target (one kept-up process per key). */
export function targetKey(target: Target): string {
  switch (target.kind) {
    case "demo":
      return `demo:${target.server}:${target.transport}`;
    case "stdio":
      return `stdio:${JSON.stringify([target.command, target.args, target.cwd ?? "", target.env ?? {}])}`;
    case "http":
      return `http:${target.url}`;
    case "replay":
      return `replay:${target.cassette}`;
  }
}

export function targetLabel(target: Target): string {
  switch (target.kind) {
    case "demo":
      return `${target.server} (${target.transport === "stdio" ? "stdio" : "Streamable HTTP"})`;
    case "stdio":
      return [target.command, ...target.args].join(" ");
    case "http":
      return target.url;
    case "replay":
      return `replay of ${target.cassette} (cassette)`;
  }
}

/** The wire a target speaks: a demo server's chosen transport, or the kind of a custom target (a replay answers as stdio would). */
export function targetTransport(target: Target): Transport {
  return target.kind === "demo" ? target.transport : target.kind === "replay" ? "stdio" : target.kind;
}
