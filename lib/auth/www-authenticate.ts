/**
 * RFC 6750 §3 / RFC 9110 §11.6.1 challenge parsing: `Bearer resource_metadata="…", scope="…", error="…"`.
 * Scheme and parameter names are case-insensitive; values are tokens or quoted strings with \-escapes.
 * Several challenges may share one header ("Basic realm=x, Bearer scope=y").
 */
export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const PARAM = new RegExp(`^[\\s,]*(${TOKEN})\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|[^\\s,]*)`);
const SCHEME = new RegExp(`^[\\s,]*(${TOKEN})`);
const TOKEN68 = /^\s+([A-Za-z0-9\-._~+/]+=*)\s*(?:,|$)/;

export function parseWwwAuthenticate(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = header.slice(0, 8192);
  for (;;) {
    const scheme = SCHEME.exec(rest);
    if (!scheme) break;
    rest = rest.slice(scheme[0].length);
    const challenge: Challenge = { scheme: scheme[1].toLowerCase(), params: {} };
    challenges.push(challenge);
    const t68 = TOKEN68.exec(rest);
    if (t68 && !PARAM.test(rest)) {
      challenge.params.token68 = t68[1];
      rest = rest.slice(t68[0].length);
      continue;
    }
    for (let m = PARAM.exec(rest); m; m = PARAM.exec(rest)) {
      const raw = m[2];
      challenge.params[m[1].toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
      rest = rest.slice(m[0].length);
    }
  }
  return challenges;
}

/** The Bearer challenge's parameters, or undefined when the header has no Bearer challenge. */
export function bearerChallenge(header: string | null | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  return parseWwwAuthenticate(header).find((c) => c.scheme === "bearer")?.params;
}
