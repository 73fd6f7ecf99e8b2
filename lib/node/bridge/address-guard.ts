/**
 * The SSRF guard of hosted mode: which IP addresses an HTTP target may reach, and the one address a request
 * is pinned to. The bridge resolves the name itself, refuses the whole name if ANY of its addresses is not
 * public (a DNS answer can mix a public and a private address), and connects to the address it checked —
 * never resolving again, so a DNS-rebinding answer cannot swap in 127.0.0.1 between check and connect.
 * Address classes come from ipaddr.js (maintained IANA special-purpose tables). Importable by the CLI.
 */
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { HOSTED_LIMITS } from "./limits";

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

/** Well-known instance-metadata endpoints, named so the refusal says what was at stake. */
const METADATA: Record<string, string> = {
  "169.254.169.254": "the cloud instance-metadata service (AWS, GCP, Azure, OpenStack)",
  "169.254.170.2": "the AWS ECS task-metadata service",
  "100.100.100.200": "the Alibaba Cloud metadata service",
  "192.0.0.192": "the Oracle Cloud metadata service",
  "fd00:ec2::254": "the AWS instance-metadata service (IPv6)",
};

/** ipaddr.js range names → what they mean to a reader. Anything not "unicast" is refused. */
const RANGE_MEANING: Record<string, string> = {
  loopback: "a loopback address (the bridge's own machine)",
  private: "a private network address (RFC 1918)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  linkLocal: "a link-local address",
  uniqueLocal: "a unique-local IPv6 address (fc00::/7)",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved or documentation-only address",
  deprecatedSiteLocal: "a site-local IPv6 address (fec0::/10)",
  rfc6052: "a NAT64 address that embeds an IPv4 address",
  rfc6145: "an IPv4-translated IPv6 address",
  "6to4": "a 6to4 address that embeds an IPv4 address",
  teredo: "a Teredo address that embeds an IPv4 address",
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Is this IP address one a hosted playground may connect to? Only public unicast addresses are. */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return { ok: false, reason: `${JSON.stringify(address)} is not an IP address` };
  let ip = ipaddr.parse(bare);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const text = ip.toString();
  if (METADATA[text]) return { ok: false, reason: `${text} is ${METADATA[text]}` };
  const range = ip.range();
  if (range !== "unicast")
    return { ok: false, reason: `${text} is ${RANGE_MEANING[range] ?? `a special-purpose address (${range})`}` };
  // ipaddr.js calls any unlisted IPv6 "unicast", including the deprecated ::a.b.c.d forms: only 2000::/3 is global.
  if (ip.kind() === "ipv6" && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6))
    return { ok: false, reason: `${text} is outside the global unicast range 2000::/3` };
  return { ok: true };
}

/** For a host that needs no DNS (an IP literal, or localhost): its verdict; null for any other name. */
export function literalVerdict(hostname: string): AddressVerdict | null {
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost"))
    return { ok: false, reason: `${bare} is a loopback name (the bridge's own machine)` };
  return ipaddr.isValid(bare) ? classifyAddress(bare) : null;
}

export interface PinnedAddress {
  /** The name the user wrote (sent as Host and as the TLS server name). */
  hostname: string;
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type Destination = { ok: true; pinned: PinnedAddress; literal: boolean } | { ok: false; message: string };

const RESOLVE_TIMEOUT_MS = HOSTED_LIMITS.resolveTimeoutMs;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves the URL's host once and checks every address; the first one is what the request is pinned to. */
export async function checkDestination(url: URL, resolve: Resolver = systemResolver): Promise<Destination> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const refuse = (reason: string): Destination => ({
    ok: false,
    message: `${reason}; hosted mode refuses it (SSRF guard): only public addresses can be reached`,
  });
  const literal = literalVerdict(hostname);
  if (literal && !literal.ok) return refuse(literal.reason);
  if (literal) {
    const ip = ipaddr.process(hostname);
    return {
      ok: true,
      literal: true,
      pinned: { hostname, address: ip.toString(), family: ip.kind() === "ipv6" ? 6 : 4 },
    };
  }
  let answers: { address: string; family: number }[];
  try {
    answers = await withTimeout(resolve(hostname), RESOLVE_TIMEOUT_MS, `no DNS answer within ${RESOLVE_TIMEOUT_MS} ms`);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ok: false, message: `the host name ${hostname} does not resolve (${err.code ?? err.message})` };
  }
  if (answers.length === 0) return { ok: false, message: `the host name ${hostname} resolves to no address` };
  for (const answer of answers) {
    const verdict = classifyAddress(answer.address);
    if (!verdict.ok) return refuse(`${hostname} resolves to ${verdict.reason}`);
  }
  const first = answers[0];
  return { ok: true, literal: false, pinned: { hostname, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

/** A `lookup` for node:http that answers with the pinned address only (never asks DNS again). */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}
