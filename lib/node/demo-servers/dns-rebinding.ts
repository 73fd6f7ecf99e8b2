/**
 * DNS-rebinding defence for an embedded server listening on loopback by itself (the lab's standalone HTTP
 * processes): a request whose Host is not this loopback listener, or whose Origin is not a loopback page, is
 * refused with 403 — as the Streamable HTTP transport requires (MUST validate Origin) and as the checks C54/C73
 * test. Inside the playground, /api/demo is guarded by lib/node/web/guards.ts instead.
 */
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** Why the request is refused (one sentence), or undefined when its Host and Origin are this listener's own. */
export function rebindingRefusal(
  host: string | undefined,
  origin: string | undefined,
  port: number,
): string | undefined {
  const own = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  if (!host || !own.includes(host.toLowerCase()))
    return `Host ${JSON.stringify(host ?? "")} is not this server (${own[0]}): refused (DNS rebinding)`;
  if (origin === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return `Origin ${JSON.stringify(origin)} is not a URL: refused`;
  }
  if (parsed.protocol !== "http:" || !LOOPBACK_NAMES.includes(parsed.hostname.toLowerCase()))
    return `Origin ${origin} is not a loopback page: refused (DNS rebinding)`;
  return undefined;
}
