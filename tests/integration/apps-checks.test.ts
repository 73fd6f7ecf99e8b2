/**
 * The Apps checks (AP01–AP15) against the apps fixture over the real bridge: each passes on the well-behaved
 * fixture (served on both eras with --modern) and is proved able to fail (or warn, for a SHOULD) by the fixture flag
 * that breaks its rule.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { runAppsChecks } from "@/lib/apps/checks";
import { gatherFacts } from "@/lib/apps/gather";
import { FIXTURES } from "./helpers";

const target = (...flags: string[]): Target => ({
  kind: "stdio",
  command: process.execPath,
  args: [path.join(FIXTURES, "apps", "stdio.mjs"), ...flags],
});

async function checksOf(...flags: string[]) {
  const send = bridgeCheckSend(target(...flags));
  try {
    const results = runAppsChecks(
      await gatherFacts((text, o) => send(text, { label: o.label, headers: o.headers, timeoutMs: 10_000 })),
    );
    return Object.fromEntries(results.map((r) => [r.id, r]));
  } finally {
    await shutdownAll();
  }
}

afterAll(shutdownAll);

describe("Apps checks", () => {
  it("the well-behaved fixture, served on both eras, passes AP01–AP15", async () => {
    const r = await checksOf("--modern");
    expect(Object.values(r).map((c) => `${c.id} ${c.status}`)).toEqual(
      Array.from({ length: 15 }, (_, i) => `AP${String(i + 1).padStart(2, "0")} pass`),
    );
  });

  it("a server that serves one era skips only AP13 (advertising on each era), and says which era it serves", async () => {
    const r = await checksOf();
    expect(
      Object.values(r)
        .filter((c) => c.status !== "pass")
        .map((c) => `${c.id} ${c.status}`),
    ).toEqual(["AP13 skip"]);
    expect(r.AP13.detail).toContain("only 2025-11-25");
  });

  // Each fixture flag breaks one rule: its check fails (a MUST) or warns (a SHOULD), with what it found in the detail.
  it.each<[string, string, string, { status: string; level?: string }, string[]]>([
    [
      "AP01 fails when the resource is served as text/html instead of text/html;profile=mcp-app",
      "--wrong-mime",
      "AP01",
      { status: "fail" },
      ["get_time: resources/read gave text/html"],
    ],
    [
      "AP01 fails when the resourceUri names a resource that resources/read does not have",
      "--missing-resource",
      "AP01",
      { status: "fail" },
      ["get_time: resources/read answered -32002 Resource not found: ui://fixture/missing.html"],
    ],
    [
      "AP02 warns when the server's capabilities do not declare io.modelcontextprotocol/ui",
      "--no-declare",
      "AP02",
      { status: "warn", level: "SHOULD" },
      [],
    ],
    [
      "AP03 fails when visibility holds a value other than model/app (a host cannot tell whether the model may see the tool)",
      "--bad-visibility",
      "AP03",
      { status: "fail" },
      ['get_time: ["app","agent"]'],
    ],
    [
      "AP04 warns on a CSP with an unknown key and an entry that is not an origin",
      "--bad-csp",
      "AP04",
      { status: "warn" },
      ['connectDomains: "api.example.com/v1" is not an origin', 'unknown key "scriptDomains"'],
    ],
    [
      "AP05 fails when a tool's resourceUri is not a ui:// URI",
      "--http-uri",
      "AP05",
      { status: "fail", level: "MUST" },
      ["weather: https://fixture.example/weather.html"],
    ],
    [
      "AP06 fails when the UI resource is not an HTML document",
      "--not-html",
      "AP06",
      { status: "fail", level: "MUST" },
      ["ui://fixture/clock.html"],
    ],
    [
      'AP07 warns when a tool names its UI only with the deprecated _meta["ui/resourceUri"]',
      "--flat-key",
      "AP07",
      { status: "warn", level: "SHOULD" },
      ["get_time"],
    ],
    [
      "AP08 fails when the resource's _meta.ui has fields of the wrong type or an unknown permission",
      "--bad-ui-meta",
      "AP08",
      { status: "fail", level: "MUST" },
      ["prefersBorder", "domain", 'unknown permission "telepathy"'],
    ],
    [
      "AP09 fails when resources/read answers with a different URI than the one asked for",
      "--wrong-content-uri",
      "AP09",
      { status: "fail", level: "MUST" },
      ["ui://fixture/other.html"],
    ],
    [
      "AP10 fails when the app's document never sends ui/initialize",
      "--no-handshake",
      "AP10",
      { status: "fail", level: "MUST" },
      ["ui://fixture/clock.html"],
    ],
    [
      "AP11 warns when the app never sends ui/notifications/size-changed",
      "--no-size",
      "AP11",
      { status: "warn", level: "SHOULD" },
      ["ui://fixture/clock.html"],
    ],
    [
      "AP12 warns when the app never answers ui/resource-teardown",
      "--no-teardown",
      "AP12",
      { status: "warn", level: "SHOULD" },
      ["ui://fixture/clock.html"],
    ],
    [
      "AP13 warns when a dual-era server shows its apps on 2026-07-28 only (a legacy-only host sees none)",
      "--modern --apps-modern-only",
      "AP13",
      { status: "warn", level: "SHOULD" },
      ["2025-11-25"],
    ],
    [
      "AP14 warns when the app tools vanish for a host without the extension (no text-only fallback)",
      "--drop-undeclared",
      "AP14",
      { status: "warn", level: "SHOULD" },
      ["get_time"],
    ],
    [
      "AP15 fails when the app loads a script from an origin its _meta.ui.csp does not declare",
      "--undeclared-cdn",
      "AP15",
      { status: "fail", level: "MUST" },
      ["https://cdn.example.com", "resourceDomains"],
    ],
  ])("%s", async (_name, flags, id, verdict, inDetail) => {
    const r = await checksOf(...flags.split(" "));
    expect(r[id]).toMatchObject(verdict);
    for (const words of inDetail) expect(r[id].detail).toContain(words);
  });
});
