/**
 * Which client an address is, for every per-client cap (client-policy.ts clientKeyOf adds the token holder; the connection
 * cap in http-server.ts uses the address alone).
 */
import ipaddr from "ipaddr.js";

/**
 * The address as a client: an IPv6 address counts by its /64 (one subscriber's network: a host picks any address in
 * it at will, so per-address limits would be per-whim), an IPv4-mapped one as its IPv4 address, anything else as is.
 */
export function clientAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded;
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`);
  return `${prefix.toString()}/64`;
}

/**
 * The IPv4 client inside an address that carries one: NAT64/SIIT (64:ff9b::/96, where every IPv4 user would otherwise
 * share one /64), a 6to4 site (2002:V4::/48) and Teredo (the client's IPv4 in the last 32 bits, inverted).
 */
function embeddedIPv4(v6: ipaddr.IPv6): string | undefined {
  const b = v6.toByteArray();
  const range = v6.range();
  const bytes =
    range === "rfc6052"
      ? b.slice(12, 16)
      : range === "6to4"
        ? b.slice(2, 6)
        : range === "teredo"
          ? b.slice(12, 16).map((x) => 255 - x)
          : undefined;
  return bytes ? bytes.join(".") : undefined;
}
