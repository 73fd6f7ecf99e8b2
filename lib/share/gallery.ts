/** What the /examples page shows per example: derived from the recorded state, pure. */
import { encodeShareFragment } from "./codec";
import { EXAMPLES, type GalleryExample } from "./examples";
import type { ShareState, Verdict } from "./state";
import { joinCommandLine } from "../bridge/command-line";

export interface GalleryCard {
  id: string;
  title: string;
  about: string;
  /** "/#v=1&s=…": opens the playground on the recorded exchanges, sending nothing. */
  href: string;
  linkChars: number;
  exchangeCount: number;
  /** Where "Run live" sends, in words. */
  runsAgainst: string;
  /** The first request of the example in the chapter's arrow style, e.g. "→ tools/call create_event". */
  firstRequest: string;
  /** The example's conclusion: the last verdict recorded (e.g. the token total, "the event is gone"). */
  conclusion?: Verdict;
}

export function describeTarget(state: ShareState): string {
  const t = state.target;
  switch (t.kind) {
    case "demo":
      return `the embedded ${t.server === "everything" ? "server-everything" : t.server} server over ${t.transport === "http" ? "Streamable HTTP" : "stdio"}`;
    case "stdio":
      return `the stdio command ${joinCommandLine([t.command, ...t.args])}`;
    case "http":
      return t.url;
    case "replay":
      return `a replay of the ${t.cassette} recording (nothing runs)`;
  }
}

function firstRequest(state: ShareState): string {
  const sent = state.exchanges[0]?.sent ?? state.editor;
  try {
    const frame = JSON.parse(sent) as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
    const what =
      typeof frame.params?.name === "string"
        ? ` ${frame.params.name}`
        : typeof frame.params?.uri === "string"
          ? ` ${frame.params.uri}`
          : "";
    return typeof frame.method === "string" ? `→ ${frame.method}${what}` : "→ (a frame without a method)";
  } catch {
    return "→ (not JSON)";
  }
}

function conclusion(state: ShareState): Verdict | undefined {
  return state.exchanges.flatMap((x) => x.verdicts ?? []).at(-1);
}

export async function galleryCard(example: GalleryExample): Promise<GalleryCard> {
  const { fragment } = await encodeShareFragment(example.state);
  return {
    id: example.id,
    title: example.title,
    about: example.about,
    href: `/${fragment}`,
    linkChars: fragment.length,
    exchangeCount: example.state.exchanges.length,
    runsAgainst: describeTarget(example.state),
    firstRequest: firstRequest(example.state),
    ...(conclusion(example.state) ? { conclusion: conclusion(example.state) } : {}),
  };
}

export function galleryCards(): Promise<GalleryCard[]> {
  return Promise.all(EXAMPLES.map(galleryCard));
}
