// Issue 26, item 6: hosted mode's connection cap counts an IPv6 client by its /64, as every other per-client cap does
// (client-address.ts clientAddress): a host picks any of its 2^64 addresses at will, so a cap per address would be none.
import { describe, expect, it } from "vitest";
import { ConnectionsPerClient } from "@/lib/node/web/http-server";

describe("issue 26, item 6: connections per client", () => {
  it("64 connections from 64 addresses of one IPv6 /64 fill that client's share; another /64 still connects", () => {
    const caps = new ConnectionsPerClient(64);
    for (let i = 1; i <= 64; i++) expect(caps.admit(`2001:db8:1:2::${i.toString(16)}`)).toBeTypeOf("function");
    expect(caps.admit("2001:db8:1:2:ffff:eeee:dddd:1")).toBeUndefined();
    expect(caps.admit("2001:db8:1:3::1")).toBeTypeOf("function");
  });

  it("a closed connection gives its slot back; IPv4 addresses and IPv4-mapped ones count as the same IPv4 client", () => {
    const caps = new ConnectionsPerClient(2);
    const first = caps.admit("198.51.100.4")!;
    expect(caps.admit("::ffff:198.51.100.4")).toBeTypeOf("function");
    expect(caps.admit("198.51.100.4")).toBeUndefined();
    expect(caps.admit("198.51.100.5")).toBeTypeOf("function");
    first();
    first(); // a second close of the same connection gives nothing more back
    expect(caps.admit("198.51.100.4")).toBeTypeOf("function");
    expect(caps.admit("198.51.100.4")).toBeUndefined();
  });
});
