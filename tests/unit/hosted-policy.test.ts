/**
 * Hosted mode's rules, one row per rule: which addresses an HTTP target may reach, which commands may run,
 * what happens to a kept-up process, and how clients are told apart and limited.
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Target } from "@/lib/bridge/contract";
import { checkDestination, classifyAddress, type Resolver } from "@/lib/node/bridge/address-guard";
import { ClientLimiter } from "@/lib/node/web/client-limits";
import { embeddedStdioArgv, everythingStdioArgv } from "@/lib/node/bridge/embedded";
import { checkUpstreamHeaders } from "@/lib/node/bridge/headers";
import {
  admitHttpUrl,
  admitTarget,
  describeRedirect,
  forMode,
  isSelfDemoUrl,
  playgroundMode,
  processControlRefusal,
  spawnRefusal,
} from "@/lib/node/bridge/target-policy";
import { PEER_HEADER, PEER_PROOF_HEADER, clientKeyOf, peerProof, remoteAddressOf } from "@/lib/node/web/client-policy";
import { SendRequestSchema } from "@/lib/bridge/contract";

const ROOT = path.resolve(__dirname, "..", "..");

describe("addresses: only public unicast is reachable", () => {
  const rows: { rule: string; address: string; ok: boolean; says?: RegExp }[] = [
    { rule: "loopback IPv4 is refused", address: "127.0.0.1", ok: false, says: /loopback/ },
    { rule: "all of 127/8 is loopback", address: "127.255.0.9", ok: false, says: /loopback/ },
    { rule: "loopback IPv6 is refused", address: "::1", ok: false, says: /loopback/ },
    { rule: "RFC 1918 10/8 is refused", address: "10.1.2.3", ok: false, says: /private network address \(RFC 1918\)/ },
    { rule: "RFC 1918 172.16/12 is refused", address: "172.31.255.255", ok: false, says: /RFC 1918/ },
    { rule: "RFC 1918 192.168/16 is refused", address: "192.168.0.1", ok: false, says: /RFC 1918/ },
    { rule: "carrier-grade NAT is refused", address: "100.64.0.1", ok: false, says: /carrier-grade NAT/ },
    { rule: "link-local IPv4 is refused", address: "169.254.1.1", ok: false, says: /link-local/ },
    {
      rule: "the cloud metadata address is named as such",
      address: "169.254.169.254",
      ok: false,
      says: /instance-metadata service/,
    },
    {
      rule: "the Alibaba metadata address (inside CGNAT) is named",
      address: "100.100.100.200",
      ok: false,
      says: /Alibaba/,
    },
    {
      rule: "the AWS IPv6 metadata address is named",
      address: "fd00:ec2::254",
      ok: false,
      says: /AWS instance-metadata service \(IPv6\)/,
    },
    { rule: "unique-local IPv6 is refused", address: "fd12:3456::1", ok: false, says: /unique-local/ },
    { rule: "link-local IPv6 is refused", address: "fe80::1", ok: false, says: /link-local/ },
    { rule: "multicast IPv4 is refused", address: "224.0.0.1", ok: false, says: /multicast/ },
    { rule: "multicast IPv6 is refused", address: "ff02::1", ok: false, says: /multicast/ },
    { rule: "the unspecified IPv4 address is refused", address: "0.0.0.0", ok: false, says: /unspecified/ },
    { rule: "the unspecified IPv6 address is refused", address: "::", ok: false, says: /unspecified/ },
    { rule: "broadcast is refused", address: "255.255.255.255", ok: false, says: /broadcast/ },
    { rule: "documentation ranges are refused", address: "192.0.2.10", ok: false, says: /reserved/ },
    {
      rule: "IPv4-mapped IPv6 is judged as the IPv4 address it carries",
      address: "::ffff:127.0.0.1",
      ok: false,
      says: /127\.0\.0\.1 is a loopback/,
    },
    { rule: "IPv4-mapped metadata is still metadata", address: "::ffff:a9fe:a9fe", ok: false, says: /metadata/ },
    { rule: "NAT64 (embeds an IPv4 address) is refused", address: "64:ff9b::a00:1", ok: false, says: /NAT64/ },
    { rule: "6to4 (embeds an IPv4 address) is refused", address: "2002:a00:1::1", ok: false, says: /6to4/ },
    {
      rule: "deprecated IPv4-compatible IPv6 is outside global unicast",
      address: "::7f00:1",
      ok: false,
      says: /2000::\/3/,
    },
    { rule: "a public IPv4 address is allowed", address: "93.184.216.34", ok: true },
    { rule: "a public IPv6 address is allowed", address: "2606:2800:220:1:248:1893:25c8:1946", ok: true },
    { rule: "a public address in brackets (URL form) is allowed", address: "[2606:4700::1111]", ok: true },
    { rule: "a name is not an address", address: "example.com", ok: false, says: /not an IP address/ },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const verdict = classifyAddress(row.address);
      expect(verdict.ok).toBe(row.ok);
      if (!verdict.ok && row.says) expect(verdict.reason).toMatch(row.says);
    });
  }
});

const fixedResolver =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const list = answers[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
/** `href` checked with DNS answering its host name, and only it, with `addresses`. */
const destinationResolvingTo = (href: string, addresses: string[]) =>
  checkDestination(new URL(href), fixedResolver({ [new URL(href).hostname]: addresses }));

describe("DNS is resolved by the bridge, checked, and pinned", () => {
  it("a name whose every address is public is pinned to the first one", async () => {
    const d = await destinationResolvingTo("https://mcp.example.org/mcp", ["93.184.216.34", "93.184.216.35"]);
    expect(d).toEqual({
      ok: true,
      literal: false,
      pinned: { hostname: "mcp.example.org", address: "93.184.216.34", family: 4 },
    });
  });
  it("a name with one private address among public ones is refused as a whole", async () => {
    const d = await destinationResolvingTo("https://mixed.example.org/", ["93.184.216.34", "10.0.0.5"]);
    expect(d).toEqual({
      ok: false,
      message: expect.stringMatching(
        /mixed\.example\.org resolves to 10\.0\.0\.5 is a private network address.*SSRF guard/,
      ),
    });
  });
  it("a name that resolves to the metadata service is refused, naming it", async () => {
    const d = await destinationResolvingTo("http://metadata.google.internal/", ["169.254.169.254"]);
    expect(d.ok).toBe(false);
    expect(!d.ok && d.message).toMatch(/instance-metadata service/);
  });
  it("a rebinding name is asked once: the address checked is the address used", async () => {
    let calls = 0;
    const rebinding: Resolver = async () =>
      calls++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    const d = await checkDestination(new URL("http://rebind.example.org/"), rebinding);
    expect(calls).toBe(1);
    expect(d.ok && d.pinned.address).toBe("93.184.216.34");
  });
  it("a name that does not resolve says so", async () => {
    const d = await checkDestination(new URL("http://nowhere.invalid/"), fixedResolver({}));
    expect(d).toEqual({ ok: false, message: "the host name nowhere.invalid does not resolve (ENOTFOUND)" });
  });
  it("localhost and *.localhost are refused without asking DNS", async () => {
    const never: Resolver = async () => {
      throw new Error("DNS must not be asked");
    };
    for (const href of ["http://localhost:3000/", "http://api.localhost/"]) {
      const d = await checkDestination(new URL(href), never);
      expect(!d.ok && d.message).toMatch(/loopback name/);
    }
  });
  it("URL spellings of loopback (decimal, hex, short, mapped) are normalised and refused", async () => {
    for (const href of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://127.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:0:0:1]/",
    ]) {
      const d = await checkDestination(new URL(href));
      expect(d.ok, href).toBe(false);
    }
  });
});

describe("PLAYGROUND_MODE", () => {
  afterEach(() => vi.unstubAllEnvs());
  const rows: { value: string | undefined; mode: "local" | "hosted" }[] = [
    { value: undefined, mode: "local" },
    { value: "", mode: "local" },
    { value: "local", mode: "local" },
    { value: "hosted", mode: "hosted" },
    { value: "HOSTED", mode: "hosted" },
    { value: "prod", mode: "hosted" },
  ];
  for (const row of rows) {
    it(`${JSON.stringify(row.value)} means ${row.mode}${row.mode === "hosted" && row.value !== "hosted" && row.value !== "HOSTED" ? " (unknown values fail closed)" : ""}`, () => {
      vi.stubEnv("PLAYGROUND_MODE", row.value);
      expect(playgroundMode()).toBe(row.mode);
    });
  }
});

describe("hosted mode: what may run", () => {
  beforeEach(() => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    vi.stubEnv("PLAYGROUND_ROOT", ROOT);
    vi.stubEnv("PORT", "4123");
  });
  afterEach(() => vi.unstubAllEnvs());

  const demo = (server: "calendar" | "everything" | "calendar-handles", transport: "stdio" | "http"): Target => ({
    kind: "demo",
    server,
    transport,
  });
  const atUrl = (url: string): Target => ({ kind: "http", url });
  /** The embedded calendar's own command line as a stdio target, with `extra` (env, cwd) if any. */
  const embeddedCalendar = (extra: Partial<Extract<Target, { kind: "stdio" }>> = {}): Target => ({
    kind: "stdio",
    command: embeddedStdioArgv("calendar")[0],
    args: embeddedStdioArgv("calendar").slice(1),
    ...extra,
  });
  /** `refused`: null where the target is admitted, else what the refusal says. */
  const rows: [rule: string, target: Target, refused: RegExp | null][] = [
    ["the calendar over stdio runs", demo("calendar", "stdio"), null],
    ["the calendar over HTTP (served by the app) runs", demo("calendar", "http"), null],
    ["calendar-handles runs", demo("calendar-handles", "stdio"), null],
    ["server-everything over stdio is an embedded preset", demo("everything", "stdio"), null],
    [
      "server-everything over HTTP is refused (a shared process with server-side sessions)",
      demo("everything", "http"),
      /does not run server-everything over HTTP/,
    ],
    [
      "an arbitrary command is refused",
      { kind: "stdio", command: "sh", args: ["-c", "id"] },
      /arbitrary commands are refused/,
    ],
    [
      "node with another script is refused",
      { kind: "stdio", command: process.execPath, args: ["-e", "1"] },
      /arbitrary commands/,
    ],
    ["the embedded command line spelled as a stdio target runs", embeddedCalendar(), null],
    [
      "the embedded command line with NODE_OPTIONS is refused (that would be code)",
      embeddedCalendar({ env: { NODE_OPTIONS: "--import=data:text/javascript,1" } }),
      /environment variables \(NODE_OPTIONS\)/,
    ],
    [
      "the embedded command line with a working directory is refused",
      { kind: "stdio", command: everythingStdioArgv()[0], args: everythingStdioArgv().slice(1), cwd: "/" },
      /working directory/,
    ],
    ["a private HTTP address is refused", atUrl("http://10.0.0.8/mcp"), /RFC 1918/],
    [
      "the app's own loopback port outside /api/demo is refused",
      atUrl("http://127.0.0.1:4123/api/bridge/send"),
      /loopback/,
    ],
    ["the app's own demo URL is allowed", atUrl("http://127.0.0.1:4123/api/demo/calendar"), null],
    ["a demo URL on another loopback port is refused", atUrl("http://127.0.0.1:4124/api/demo/calendar"), /loopback/],
    ["a file: URL is refused", atUrl("file:///etc/passwd"), /only http: and https:/],
  ];
  for (const [rule, target, refused] of rows) {
    it(rule, async () => {
      const admission = await admitTarget(target);
      expect(admission.ok).toBe(refused === null);
      if (!admission.ok && refused) expect(admission.message).toMatch(refused);
    });
  }

  it("the demo URL allowance is exact: no query, no other server, no path tricks", () => {
    const yes = [
      "http://127.0.0.1:4123/api/demo/calendar",
      "http://127.0.0.1:4123/api/demo/calendar-handles",
      "http://127.0.0.1:4123/api/x/../demo/calendar",
    ];
    const no = [
      "http://127.0.0.1:4123/api/demo/calendar?x=1",
      "http://127.0.0.1:4123/api/demo/everything",
      "http://127.0.0.1:4123/api/demo/calendar/",
      "http://u:p@127.0.0.1:4123/api/demo/calendar",
      "http://localhost:4123/api/demo/calendar",
    ];
    for (const href of yes) expect(isSelfDemoUrl(new URL(href)), href).toBe(true);
    for (const href of no) expect(isSelfDemoUrl(new URL(href)), href).toBe(false);
  });

  it("a loopback URL the bridge started for this request (a lab instance) is admitted", async () => {
    expect((await admitHttpUrl("http://127.0.0.1:5555/mcp", { trustedUrls: ["http://127.0.0.1:5555/mcp"] })).ok).toBe(
      true,
    );
    expect((await admitHttpUrl("http://127.0.0.1:5556/mcp", { trustedUrls: ["http://127.0.0.1:5555/mcp"] })).ok).toBe(
      false,
    );
  });

  it("a public name is admitted with its pinned address and a note saying so", async () => {
    const admission = await admitHttpUrl("https://mcp.example.org/mcp", {
      resolve: fixedResolver({ "mcp.example.org": ["93.184.216.34"] }),
    });
    expect(admission).toEqual({
      ok: true,
      pinned: { hostname: "mcp.example.org", address: "93.184.216.34", family: 4 },
      notes: [
        "hosted mode: mcp.example.org resolved to 93.184.216.34 (public); the connection is pinned to that address",
      ],
    });
  });

  it("the spawn gate refuses anything but the embedded command lines", () => {
    expect(spawnRefusal(["/bin/sh", "-c", "id"])).toMatch(/arbitrary commands are refused/);
    expect(spawnRefusal(embeddedStdioArgv("calendar"))).toBeNull();
    expect(spawnRefusal(embeddedStdioArgv("calendar"), { PLAYGROUND_LAB_RUN: "abc" })).toBeNull();
  });

  it("a redirect to a private address is described as refused", () => {
    expect(describeRedirect("http://10.0.0.5/mcp", "https://mcp.example.org/mcp")).toMatch(
      /would be refused in any case: 10\.0\.0\.5 is a private network address/,
    );
    expect(describeRedirect("http://169.254.169.254/latest/meta-data/", "https://mcp.example.org/mcp")).toMatch(
      /instance-metadata/,
    );
    expect(describeRedirect("/elsewhere", "http://127.0.0.1:9/mcp")).toMatch(/loopback/);
    expect(describeRedirect("https://other.example.org/mcp", "https://mcp.example.org/mcp")).toMatch(
      /addresses would have been checked first/,
    );
  });

  it("a kept-up stdio send becomes fresh, with a note; HTTP sends are untouched", () => {
    const stdio = SendRequestSchema.parse({
      sendId: "a",
      target: { kind: "demo", server: "calendar", transport: "stdio" },
      frame: "{}",
    });
    const http = SendRequestSchema.parse({
      sendId: "b",
      target: { kind: "demo", server: "calendar", transport: "http" },
      frame: "{}",
    });
    expect(forMode(stdio).req.processMode).toBe("fresh");
    expect(forMode(stdio).notes[0]).toMatch(/every stdio message runs in a fresh process/);
    expect(forMode(http)).toEqual({ req: http, notes: [] });
  });

  it("process control is refused: there is no kept-up process to control", () => {
    expect(processControlRefusal()).toMatch(/keeps no processes between requests/);
  });

  it("proxy-trust headers are not forwarded upstream in hosted mode", () => {
    const result = checkUpstreamHeaders({ "X-Forwarded-For": "127.0.0.1" });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/hosted mode does not forward X-Forwarded-For/),
    });
    expect(checkUpstreamHeaders({ "X-Trace": "1" }).ok).toBe(true);
  });
});

describe("local mode keeps the baseline", () => {
  it("any command and any URL are admitted; process control is allowed", async () => {
    expect((await admitTarget({ kind: "stdio", command: "sh", args: [] })).ok).toBe(true);
    expect((await admitTarget({ kind: "http", url: "http://127.0.0.1:1/mcp" })).ok).toBe(true);
    expect(processControlRefusal()).toBeNull();
    expect(spawnRefusal(["sh"])).toBeNull();
  });
});

describe("who a client is", () => {
  afterEach(() => vi.unstubAllEnvs());
  /** Headers as the serving process leaves them: the stamped peer, its proof, and the peer appended to X-Forwarded-For. */
  const stamped = (peer: string, forwarded?: string) =>
    new Headers({
      [PEER_HEADER]: peer,
      [PEER_PROOF_HEADER]: peerProof(),
      "x-forwarded-for": forwarded ? `${forwarded}, ${peer}` : peer,
    });

  it("the peer the serving process stamped is the address, whatever X-Forwarded-For says", () => {
    expect(remoteAddressOf(stamped("203.0.113.7", "1.2.3.4"))).toBe("203.0.113.7");
  });
  it("behind N trusted proxies (PLAYGROUND_TRUSTED_PROXIES=N) the client is N entries left of the peer", () => {
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
    expect(remoteAddressOf(stamped("10.0.0.2", "6.6.6.6, 198.51.100.4"))).toBe("198.51.100.4");
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "2");
    expect(remoteAddressOf(stamped("10.0.0.2", "6.6.6.6, 198.51.100.4"))).toBe("6.6.6.6");
  });
  it('X-Forwarded-For alone is never believed: a request no server stamped has the address "unknown"', () => {
    expect(remoteAddressOf(new Headers({ "x-forwarded-for": "198.51.100.4" }))).toBe("unknown");
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
    expect(remoteAddressOf(new Headers({ "x-forwarded-for": "198.51.100.4, 10.0.0.2" }))).toBe("unknown");
  });
  it("a peer header without this process's proof is ignored (a client could send one)", () => {
    expect(remoteAddressOf(new Headers({ [PEER_HEADER]: "9.9.9.9", "x-forwarded-for": "198.51.100.4" }))).toBe(
      "unknown",
    );
    expect(remoteAddressOf(new Headers({ [PEER_HEADER]: "9.9.9.9", [PEER_PROOF_HEADER]: "guess" }))).toBe("unknown");
  });
  it("the key is the token holder plus the address; the token itself is not in it", () => {
    const headers = stamped("198.51.100.4");
    headers.set(TOKEN_HEADER, "secret-token");
    const key = clientKeyOf(headers);
    expect(key).toMatch(/^[0-9a-f]{16}@198\.51\.100\.4$/);
    expect(key).not.toContain("secret-token");
  });
  it("issue 26, item 6: an IPv6 client counts by its /64 (a host picks any address in it); an IPv4-mapped one as its IPv4", () => {
    const key = (peer: string) => clientKeyOf(stamped(peer)).split("@")[1];
    expect(key("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(key("2001:db8:1:2:ffff:eeee:dddd:9")).toBe(key("2001:db8:1:2::1"));
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
    expect(key("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(key("198.51.100.4")).toBe("198.51.100.4");
  });
});

describe("per-client token bucket and concurrency", () => {
  const make = (now: { t: number }) =>
    new ClientLimiter({ burst: 3, refillPerSecond: 1, maxConcurrent: 2, maxClients: 3 }, () => now.t);

  it("a burst is allowed, the next call is refused with a Retry-After, and the bucket refills", () => {
    const now = { t: 0 };
    const limiter = make(now);
    for (let i = 0; i < 3; i++) {
      const a = limiter.admit("c");
      expect(a.ok).toBe(true);
      if (a.ok) a.release();
    }
    const refused = limiter.admit("c");
    expect(refused).toEqual({
      ok: false,
      retryAfterSeconds: 1,
      message: expect.stringMatching(/too many calls: hosted mode allows bursts of 3 and 1 per second/),
    });
    now.t += 1000;
    expect(limiter.admit("c").ok).toBe(true);
  });
  it("more calls in flight than allowed are refused until one ends", () => {
    const limiter = make({ t: 0 });
    const a = limiter.admit("c");
    const b = limiter.admit("c");
    const c = limiter.admit("c");
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, false]);
    expect(!c.ok && c.message).toMatch(/2 of your calls are already in flight/);
    if (a.ok) a.release();
    expect(limiter.admit("c").ok).toBe(true);
  });
  it("clients are limited separately", () => {
    const limiter = make({ t: 0 });
    for (let i = 0; i < 3; i++) limiter.admit("a");
    expect(limiter.admit("a").ok).toBe(false);
    expect(limiter.admit("b").ok).toBe(true);
  });
  it("the table never holds more than maxClients entries, whatever keys arrive", () => {
    const limiter = make({ t: 0 });
    for (let i = 0; i < 1000; i++) limiter.admit(`k${i}`);
    expect(limiter.trackedClients).toBeLessThanOrEqual(3);
  });
  it("a client that is idle and full again is forgotten", () => {
    const now = { t: 0 };
    const limiter = make(now);
    const a = limiter.admit("c");
    now.t += 5000;
    if (a.ok) a.release();
    expect(limiter.trackedClients).toBe(0);
  });
});
