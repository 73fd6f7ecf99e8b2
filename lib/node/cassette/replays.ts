/**
 * The recordings replay targets answer from: the gallery examples, each made a cassette (secrets stripped, as a
 * saved cassette is) and matched by lib/cassette/match.ts. Handed to the bridge's replay transport once
 * (`installGalleryReplays`, by the host and the tests), so the bridge itself imports no share or cassette code.
 */
import type { ReplayCassette } from "@/lib/bridge/contract";
import { setReplaySource, type Replay } from "@/lib/node/bridge/replay";
import { cassetteFromState } from "@/lib/cassette/from-session";
import { CassetteMatcher, answerMessage, answerText } from "@/lib/cassette/match";
import { exampleById } from "@/lib/share/examples";

/** One matcher per recording for the life of the process: recorded order carries over from send to send. */
const replays = new Map<ReplayCassette, Replay>();

/** The gallery example `id` as a replay, made on first use. */
export function galleryReplay(id: ReplayCassette): Replay | undefined {
  const known = replays.get(id);
  if (known) return known;
  const example = exampleById(id);
  if (!example) return undefined;
  const matcher = new CassetteMatcher(cassetteFromState(example.state, { source: `gallery example ${id}` }).cassette);
  const replay: Replay = {
    source: `the gallery example "${id}"`,
    answer: (message) =>
      ("parsed" in message ? answerMessage(matcher, message.parsed) : answerText(matcher, message.text)).flat(),
  };
  replays.set(id, replay);
  return replay;
}

/** Replay targets answer from the gallery's recordings in this process. */
export function installGalleryReplays(): void {
  setReplaySource(galleryReplay);
}
