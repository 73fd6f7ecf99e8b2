/**
 * The audience lesson's verdicts in words: what happened when one token met a server, and why the rule exists.
 * One home: the lesson's runner records the verdict (lib/node/auth/audience.ts), the Auth view says it.
 */
import { englishT, msg, type Msg } from "../i18n/translate";

export type AudienceVerdict = "accepted" | "refused-wrong-audience" | "accepted-wrongly" | "refused-own-token";

export function audienceVerdict(ownAudience: boolean, accepted: boolean): AudienceVerdict {
  if (ownAudience) return accepted ? "accepted" : "refused-own-token";
  return accepted ? "accepted-wrongly" : "refused-wrong-audience";
}

const VERDICTS: readonly AudienceVerdict[] = [
  "accepted",
  "refused-wrong-audience",
  "accepted-wrongly",
  "refused-own-token",
];

/** In English (the CLI); the catalogue's auth.audience.<verdict>.* say it in the reader's language. */
export const AUDIENCE_WORDS: Record<AudienceVerdict, { words: string; why: string }> = Object.fromEntries(
  VERDICTS.map((v) => [v, { words: englishT(`auth.audience.${v}.words`), why: englishT(`auth.audience.${v}.why`) }]),
) as Record<AudienceVerdict, { words: string; why: string }>;

/** One server's verdict as a sentence kept as a Msg (the step's detail). */
export function audienceDetail(verdict: AudienceVerdict, status: number): Msg {
  return msg("auth.audience.detail", {
    words: msg(`auth.audience.${verdict}.words`),
    status,
    why: msg(`auth.audience.${verdict}.why`),
  });
}
