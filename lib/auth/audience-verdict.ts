/**
 * The audience lesson's verdicts in words: what happened when one token met a server, and why the rule exists.
 * One home: the lesson's runner records the verdict (lib/node/auth/audience.ts), the Auth view says it.
 */
export type AudienceVerdict = "accepted" | "refused-wrong-audience" | "accepted-wrongly" | "refused-own-token";

export function audienceVerdict(ownAudience: boolean, accepted: boolean): AudienceVerdict {
  if (ownAudience) return accepted ? "accepted" : "refused-own-token";
  return accepted ? "accepted-wrongly" : "refused-wrong-audience";
}

export const AUDIENCE_WORDS: Record<AudienceVerdict, { words: string; why: string }> = {
  accepted: { words: "accepted", why: "the token was issued for this server: its aud is this server's URL." },
  "refused-wrong-audience": {
    words: "refused: wrong audience",
    why: "the token was issued for another server; this one checks aud, answers 401 invalid_token, and the token is useless here.",
  },
  "accepted-wrongly": {
    words: "accepted though it should not be",
    why:
      "this server does not check the audience, so a token issued for any other server opens it — and whoever holds such a token (that other server, a log, " +
      "a proxy) can use it here. That is why the rule exists: a server MUST accept only tokens issued for itself, and MUST NOT pass a token on.",
  },
  "refused-own-token": {
    words: "refused its own token",
    why: "the token was issued for this server, yet it was refused: the server's validation is broken.",
  },
};
