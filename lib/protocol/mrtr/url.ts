/**
 * How a URL-mode elicitation's URL is shown (digest §11): in full, with its domain highlighted and warnings for
 * look-alike hosts. Only parsed with the URL class; never fetched.
 */
export interface UrlView {
  valid: boolean;
  /** The URL exactly as the server sent it (shown untruncated). */
  href: string;
  origin?: string;
  hostname?: string;
  protocol?: string;
  warnings: string[];
}

export function describeUrl(raw: unknown): UrlView {
  const href = typeof raw === "string" ? raw : (JSON.stringify(raw) ?? "");
  if (typeof raw !== "string") return { valid: false, href, warnings: ["The url is not a string."] };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { valid: false, href, warnings: ["The url does not parse as an absolute URL."] };
  }
  const warnings: string[] = [];
  if (url.protocol !== "https:" && url.protocol !== "http:")
    warnings.push(`The scheme ${url.protocol} is not a web page; the playground will not open it.`);
  else if (url.protocol === "http:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname))
    warnings.push("Plain http: servers SHOULD use https outside development.");
  if (url.hostname.split(".").some((label) => label.startsWith("xn--")))
    warnings.push(`The host ${url.hostname} is punycode: check it is the site you expect.`);
  if (url.username || url.password)
    warnings.push("The URL carries credentials before the host: a classic phishing trick.");
  return { valid: true, href, origin: url.origin, hostname: url.hostname, protocol: url.protocol, warnings };
}

/** Whether the playground offers a link at all: only http(s) pages open, in a new tab, on click. */
export function isOpenable(view: UrlView): boolean {
  return view.valid && (view.protocol === "https:" || view.protocol === "http:");
}
