/**
 * The Apps checks (AP01–AP04) against the apps fixture over the real bridge: each passes on the well-behaved
 * fixture and is proved able to fail (or warn, for a SHOULD) by the fixture flag that breaks its rule.
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
  it("the well-behaved fixture passes AP01–AP04", async () => {
    const r = await checksOf();
    expect(Object.values(r).map((c) => `${c.id} ${c.status}`)).toEqual([
      "AP01 pass",
      "AP02 pass",
      "AP03 pass",
      "AP04 pass",
    ]);
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
  ])("%s", async (_name, flag, id, verdict, inDetail) => {
    const r = await checksOf(flag);
    expect(r[id]).toMatchObject(verdict);
    for (const words of inDetail) expect(r[id].detail).toContain(words);
  });
});
