/**
 * The "replay" transport: a recording answers the frame in the bridge itself, so a chapter example runs live with no
 * process of its own. The recordings and their matcher belong to the cassette layer (lib/node/cassette/replays.ts),
 * which hands the bridge a source with `setReplaySource`: the bridge imports no cassette or share code. A replay target
 * is resolved once, with the others (demo.ts resolveTarget), and answered from the one parse of the frame send.ts made.
 * The exchange shows the line "written" and the lines "answered" as a stdio server's would, and a note says that
 * nothing was spawned or sent.
 */
import type { ExchangeOutcome, ReplayCassette } from "@/lib/bridge/contract";
import type { ParsedFrame } from "@/lib/protocol/jsonrpc";
import { asObject } from "@/lib/protocol/json";
import type { ExchangeRecorder } from "./recorder";

/** One recording, ready to answer: what the note calls it, and its answers to a frame (parsed, or as text when it is not JSON). */
export interface Replay {
  /** e.g. `the gallery example "dentist-mrtr"`. */
  readonly source: string;
  /** The frames to write back for one message, in order; a batch's answers together. */
  answer(message: { parsed: unknown } | { text: string }): unknown[];
}

export type ReplaySource = (id: ReplayCassette) => Replay | undefined;

let replays: ReplaySource | undefined;

/** Installs the recordings replay targets answer from (the playground's server and the tests install the gallery's). */
export function setReplaySource(source: ReplaySource): void {
  replays = source;
}

/** The recording a replay target names, or why there is none. */
export function resolveReplay(id: ReplayCassette): { ok: true; replay: Replay } | { ok: false; message: string } {
  const replay = replays?.(id);
  return replay ? { ok: true, replay } : { ok: false, message: `there is no recording named ${JSON.stringify(id)}` };
}

/** Answers one frame from the recording: the frame's events and outcome go to `rec`, from the frame's one parse. */
export function sendReplay(
  replay: Replay,
  frameText: string,
  parsed: ParsedFrame,
  rec: ExchangeRecorder,
): ExchangeOutcome {
  rec.note(`a replay: answered from the recording of ${replay.source}; nothing was spawned or sent`);
  rec.add({ kind: "stdin", text: frameText });
  const answered = replay.answer(parsed.ok ? { parsed: parsed.value } : { text: frameText });
  for (const frame of answered) {
    rec.add({ kind: "stdout", text: JSON.stringify(frame), frame });
    rec.receive(frame);
  }
  const sent = parsed.ok ? asObject(parsed.value) : undefined;
  const last = answered[answered.length - 1];
  if (sent && typeof sent.method === "string" && sent.id === undefined)
    return { kind: "notification", note: "no reply expected (a notification); the replay takes it silently" };
  return last ? { kind: "response", frame: last } : { kind: "notification", note: "the replay had nothing to answer" };
}
