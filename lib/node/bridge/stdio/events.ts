/**
 * What a stdio process reports and is started from: the spec, the events it hands to whoever listens, and the
 * backlog it keeps while nobody does. Types only, plus the size of a held event.
 */
import type { IdClaim } from "./outstanding";

export interface StdioSpec {
  /** Registry key (targetKey of the target). */
  key: string;
  argv: string[];
  cwd?: string;
  /** Added to the minimal environment (PATH, HOME, …). */
  env?: Record<string, string>;
}

/** What a process reports to whoever is listening; `at` is performance.now() at arrival. */
export type ProcessEvent =
  | {
      kind: "stdout";
      at: number;
      text: string;
      bytes: number;
      frame?: unknown;
      parseError?: string;
      partial?: boolean;
      invalidUtf8?: boolean;
      /** A response: the outstanding request it was handed to (see ./outstanding), if any waited for its id. */
      owner?: IdClaim;
    }
  | { kind: "stderr"; at: number; text: string }
  | { kind: "exit"; at: number; pid: number; code: number | null; signal: string | null }
  | { kind: "note"; at: number; text: string }
  /** Lines counted but not decoded (see skimFor): none of them can be a frame. */
  | { kind: "skipped"; at: number; lines: number; bytes: number }
  /** stdout broke framing (a line over the size limit): the process is being killed. */
  | { kind: "fatal"; at: number; message: string };

/** Events kept while nobody listened, with how many were dropped and the bytes of what is kept. */
export interface Backlog {
  events: ProcessEvent[];
  dropped: number;
  bytes: number;
}

/** Bytes an event holds in a backlog: its line or its text (other events are small). */
export function heldBytes(event: ProcessEvent): number {
  if (event.kind === "stdout") return event.bytes + 1;
  if (event.kind === "stderr") return event.text.length + 1;
  return 64;
}

export type Listener = (event: ProcessEvent) => void;
/** Returns true when the event belongs to the claimant (a long-lived request such as subscriptions/listen). */
export type Claim = (event: ProcessEvent) => boolean;
