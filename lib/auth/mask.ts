/**
 * Secrets never enter a step record: tokens, codes, verifiers and client secrets are replaced by a short,
 * recognisable mask (first 4 characters and the length) before anything is stored, printed or rendered.
 */
const SECRET_FIELDS = [
  "access_token",
  "refresh_token",
  "id_token",
  "code",
  "code_verifier",
  "client_secret",
  "registration_access_token",
  "password",
];

export function maskSecret(value: string): string {
  if (value.length <= 8) return "•••";
  return `${value.slice(0, 4)}…(${value.length} chars, masked)`;
}

/** Authorization / Cookie headers masked; everything else as is. */
export function maskHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (lower === "authorization")
      out[name] = value.replace(/^(\S+\s+)(.*)$/, (_m, scheme: string, secret: string) => scheme + maskSecret(secret));
    else if (lower === "cookie" || lower === "set-cookie") out[name] = "(cookies, masked)";
    else out[name] = value;
  }
  return out;
}

/** Masks secret fields in a JSON or form body, and secret query parameters in a URL. */
export function maskBody(body: string | undefined, contentType = ""): string | undefined {
  if (body === undefined) return undefined;
  const trimmed = body.trim();
  if (/json/i.test(contentType) || trimmed.startsWith("{")) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      return JSON.stringify(maskJson(value), null, 2);
    } catch {
      /* not JSON: fall through to form handling */
    }
  }
  // A form body is masked even when its Content-Type is missing or wrong: it is still on the wire.
  if (/x-www-form-urlencoded/i.test(contentType) || /^[\w.~%-]+=\S*$/.test(trimmed)) {
    // Masks stay readable (not percent-encoded); every other value keeps its wire form.
    return body
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
        return SECRET_FIELDS.includes(name) && eq >= 0
          ? `${pair.slice(0, eq)}=${maskSecret(decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, " ")))}`
          : pair;
      })
      .join("&");
  }
  return body;
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_FIELDS.includes(k) && typeof v === "string" ? maskSecret(v) : maskJson(v),
      ]),
    );
  }
  return value;
}

export function maskUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  // Placeholders first, masks after serialising: the mask stays readable instead of percent-encoded.
  const masks: string[] = [];
  for (const field of SECRET_FIELDS) {
    if (!url.searchParams.has(field)) continue;
    masks.push(maskSecret(url.searchParams.get(field)!));
    url.searchParams.set(field, `MASKED${masks.length - 1}MASKED`);
  }
  return masks.reduce((href, mask, i) => href.replace(`MASKED${i}MASKED`, mask), url.href);
}
