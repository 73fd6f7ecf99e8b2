/**
 * The zod-free half of the bridge contract: the token header, the embedded server names, and how a target is
 * keyed, labelled and carried. The page imports these without loading zod; contract.ts re-exports them. Pure.
 */
import type { Transport } from "../protocol/exchange";
import type { Target } from "./contract";
import { joinCommandLine } from "./command-line";

export * from "./names";

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
      return joinCommandLine([target.command, ...target.args]);
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
