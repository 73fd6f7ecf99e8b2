/**
 * The "replay" target: a gallery example's recording answered by the bridge itself, through the mock's matcher, so
 * a chapter example runs live with no process of its own. The exchange shows the line "written" and the lines
 * "answered" as a stdio server's would, and a note says that nothing was spawned or sent.
 */
import type { ExchangeOutcome, ReplayCassette } from "@/lib/bridge/contract";
import type { ExchangeRecorder } from "@/lib/node/bridge/recorder";
import { asObject, tryParseJson } from "@/lib/protocol/json";
import { exampleById } from "@/lib/share/examples";
import { cassetteFromState } from "@/lib/cassette/from-session";
import { CassetteMatcher, answerText } from "@/lib/cassette/match";

/** One matcher per recording for the life of the bridge: recorded order carries over from send to send. */
const matchers = new Map<ReplayCassette, CassetteMatcher>();

function matcherFor(id: ReplayCassette): CassetteMatcher | undefined {
  const known = matchers.get(id);
  if (known) return known;
  const example = exampleById(id);
  if (!example) return undefined;
  const matcher = new CassetteMatcher(cassetteFromState(example.state, { source: `gallery example ${id}` }).cassette);
  matchers.set(id, matcher);
  return matcher;
}

export function answerFromRecording(id: ReplayCassette, frameText: string, rec: ExchangeRecorder): ExchangeOutcome {
  const matcher = matcherFor(id);
  if (!matcher)
    return { kind: "failure", failure: "refused", message: `there is no recording named ${JSON.stringify(id)}` };
  rec.note(`a replay: answered from the recording of the gallery example "${id}"; nothing was spawned or sent`);
  rec.add({ kind: "stdin", text: frameText });
  const answered = answerText(matcher, frameText).flat();
  for (const frame of answered) {
    rec.add({ kind: "stdout", text: JSON.stringify(frame), frame });
    rec.receive(frame);
  }
  const sent = asObject(tryParseJson(frameText));
  const last = answered[answered.length - 1];
  if (sent && typeof sent.method === "string" && sent.id === undefined)
    return { kind: "notification", note: "no reply expected (a notification); the replay takes it silently" };
  return last ? { kind: "response", frame: last } : { kind: "notification", note: "the replay had nothing to answer" };
}
