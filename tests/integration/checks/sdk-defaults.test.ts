/**
 * Verdicts a server inherits from its SDK say so, and name the workaround: a server written exactly as
 * @modelcontextprotocol/server 2.x documents it (serveStdio and McpServer, nothing added) over a real process.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { FAST, ROOT, noProcessLeft, runOn } from "./run-suite";

const SDK_V2 = path.join(ROOT, "tests", "fixtures", "checks", "sdk-v2-stdio.mjs");

describe("a bare serveStdio server (@modelcontextprotocol/server 2.x)", () => {
  it("C04/C05 fail because serveStdio checks the version only on a process's first request, and the detail names serveStdio and the per-request check that fixes it; C18 names McpServer's cursor default", async () => {
    try {
      const report = await runOn({ kind: "stdio", command: process.execPath, args: [SDK_V2] }, "stdio", {
        ...FAST,
        only: ["C04", "C05", "C18"],
      });
      expect(report.era).toBe("modern");
      for (const id of ["C04", "C05"]) {
        const c = report.checks.find((r) => r.id === id);
        expect(c?.status, id).toBe("fail");
        expect(c?.detail).toMatch(/pinned per connection/);
        expect(c?.detail).toMatch(/serveStdio\(\) of @modelcontextprotocol\/server 2\.x/);
        expect(c?.detail).toMatch(/lib\/node\/demo-servers\/serve-stdio\.ts/);
      }
      const c18 = report.checks.find((r) => r.id === "C18");
      expect(c18?.status).toBe("fail");
      expect(c18?.detail).toMatch(/McpServer's list handlers ignore the cursor/);
      expect(c18?.detail).toMatch(/lib\/node\/demo-servers\/cursors\.ts/);
    } finally {
      await shutdownAll();
    }
  }, 60_000);
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
