/** The run commands' launch step (scripts/launch.mjs): the URL it prints, and when it opens a browser. */
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { launchUrl, listeningOn, whyNotOpen } from "../../scripts/launch.mjs";

describe("the launch URL", () => {
  it("is http://<loopback>:<port>/#launch=<code> (a fragment: never in a request line), a wildcard bind shown as 127.0.0.1, IPv6 in brackets", () => {
    expect(launchUrl("127.0.0.1", 3000, "abc")).toBe("http://127.0.0.1:3000/#launch=abc");
    expect(launchUrl("0.0.0.0", 3100, "abc")).toBe("http://127.0.0.1:3100/#launch=abc");
    expect(launchUrl("::1", 3000, "abc")).toBe("http://[::1]:3000/#launch=abc");
  });
  it("local mode names the launch's own host (mcp-….localhost), and says every address it listens on", () => {
    const name = `mcp-${"0".repeat(32)}.localhost`;
    expect(launchUrl(name, 3000, "abc")).toBe(`http://${name}:3000/#launch=abc`);
    expect(listeningOn(["127.0.0.1", "[::1]"], 3000)).toBe("listening on 127.0.0.1:3000 and [::1]:3000");
    expect(listeningOn(["127.0.0.1"], 3000)).toBe("listening on 127.0.0.1:3000");
  });
});

describe("the browser opens only for a person at a terminal", () => {
  const desktop = { env: { DISPLAY: ":0" }, isTTY: true, platform: "linux" };
  it("opens from a terminal with a display", () => expect(whyNotOpen(desktop)).toBeNull());
  it("never in CI", () => expect(whyNotOpen({ ...desktop, env: { DISPLAY: ":0", CI: "true" } })).toMatch(/CI/));
  it("never when the output is not a terminal (tests, services)", () =>
    expect(whyNotOpen({ ...desktop, isTTY: false })).toMatch(/terminal/));
  it("never when turned off by PLAYGROUND_OPEN=0 or --no-open", () => {
    expect(whyNotOpen({ ...desktop, env: { DISPLAY: ":0", PLAYGROUND_OPEN: "0" } })).toMatch(/disabled/);
    expect(whyNotOpen({ ...desktop, noOpenFlag: true })).toMatch(/disabled/);
  });
  it("never on a Linux box without a display (ssh)", () =>
    expect(whyNotOpen({ ...desktop, env: {} })).toMatch(/display/));
  it("macOS needs no DISPLAY", () => expect(whyNotOpen({ ...desktop, env: {}, platform: "darwin" })).toBeNull());
});
