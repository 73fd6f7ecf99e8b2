// Attacking issue 26 item 6's "an IPv6 /64 is one client": addresses that embed an IPv4 address name that IPv4 client,
// not a /64 shared by strangers. Behind a NAT64/SIIT gateway (RFC 6052, 64:ff9b::/96) every IPv4 user of the
// Internet arrives from one /64: keyed by the /64 they would all be one client, and one of them could spend the
// share of all. A 6to4 site (2002:V4::/48) is its IPv4 host's, and a Teredo address carries its client's IPv4 too.
import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/node/web/client-address";

describe("issue 26, item 6: the client an address names", () => {
  it("NAT64/SIIT (64:ff9b::/96): each embedded IPv4 address is its own client", () => {
    expect(clientAddress("64:ff9b::c633:6404")).toBe("198.51.100.4");
    expect(clientAddress("64:ff9b::c633:6405")).toBe("198.51.100.5");
  });
  it("6to4 (2002::/16): the whole /48 is its IPv4 host's; Teredo (2001::/32): its client's IPv4 (stored inverted)", () => {
    expect(clientAddress("2002:c633:6404:1::1")).toBe("198.51.100.4");
    expect(clientAddress("2002:c633:6404:2:ffff::9")).toBe("198.51.100.4");
    expect(clientAddress("2001:0:4136:e378:8000:63bf:39cc:9bfb")).toBe("198.51.100.4");
  });
  it("other IPv6 addresses still count by their /64, IPv4 and IPv4-mapped ones as the IPv4 address", () => {
    expect(clientAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddress("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(clientAddress("198.51.100.4")).toBe("198.51.100.4");
    expect(clientAddress("unknown")).toBe("unknown");
  });
});
