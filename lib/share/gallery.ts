/** What the /examples page shows per example: derived from the recorded state, pure. */
import { encodeShareFragment } from "./codec";
import { sentText } from "../protocol/exchange";
import { EXAMPLES, type GalleryExample } from "./examples";
import type { ShareState, Verdict } from "./state";
import { joinCommandLine } from "../bridge/command-line";
import { englishT, type Translate } from "../i18n/translate";

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

export function describeTarget(state: ShareState, t: Translate = englishT): string {
  const target = state.target;
  switch (target.kind) {
    case "demo":
      return t("gallery.target.demo", {
        server: target.server === "everything" ? "server-everything" : target.server,
        transport: target.transport === "http" ? "Streamable HTTP" : "stdio",
      });
    case "stdio":
      return t("gallery.target.stdio", { command: joinCommandLine([target.command, ...target.args]) });
    case "http":
      return target.url;
    case "replay":
      return t("gallery.target.replay", { cassette: target.cassette });
  }
}

function firstRequest(state: ShareState, t: Translate): string {
  const first = state.exchanges[0];
  const sent = first ? sentText(first) : state.editor;
  try {
    const frame = JSON.parse(sent) as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
    const what =
      typeof frame.params?.name === "string"
        ? ` ${frame.params.name}`
        : typeof frame.params?.uri === "string"
          ? ` ${frame.params.uri}`
          : "";
    return typeof frame.method === "string" ? `→ ${frame.method}${what}` : t("gallery.firstRequest.noMethod");
  } catch {
    return t("gallery.firstRequest.notJson");
  }
}

function conclusion(state: ShareState): Verdict | undefined {
  return state.exchanges.flatMap((x) => x.verdicts ?? []).at(-1);
}

/**
 * A card in the reader's language. The recorded example keeps its English words (they travel in its link); the
 * catalogue holds each example's title, explanation and conclusion per language (gallery.examples.<id>.*), and a
 * unit test keeps the English ones equal to the recording's.
 */
export async function galleryCard(example: GalleryExample, t: Translate = englishT): Promise<GalleryCard> {
  const { fragment } = await encodeShareFragment(example.state);
  const last = conclusion(example.state);
  return {
    id: example.id,
    title: t(`gallery.examples.${example.id}.title`),
    about: t(`gallery.examples.${example.id}.about`),
    href: `/${fragment}`,
    linkChars: fragment.length,
    exchangeCount: example.state.exchanges.length,
    runsAgainst: describeTarget(example.state, t),
    firstRequest: firstRequest(example.state, t),
    ...(last ? { conclusion: { ...last, text: t(`gallery.examples.${example.id}.conclusion`) } } : {}),
  };
}

export function galleryCards(t: Translate = englishT): Promise<GalleryCard[]> {
  return Promise.all(EXAMPLES.map((example) => galleryCard(example, t)));
}
