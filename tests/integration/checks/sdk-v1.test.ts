/** A server on the v1 TypeScript SDK — what most published servers are — gets a real verdict over both transports. */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { exitCodeOf } from "@/lib/checks/report";
import { ROOT, noProcessLeft, runOn } from "./run-suite";

const SDK_V1 = path.join(ROOT, "tests", "fixtures", "checks", "sdk-v1.mjs");

/** Starts the HTTP variant and waits for the line that names its URL. */
function startHttp(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [SDK_V1, "--http"], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /at (http:\/\/\S+)/.exec(err);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`sdk-v1 fixture exited ${code}: ${err}`)));
  });
}

describe("a v1-SDK server (2025-11-25) is judged, not just labelled legacy", () => {
  it("over stdio: a score above 0 over the checks that applied, exit 0, and the SDK's isError for an unknown tool caught (C19)", async () => {
    try {
      const report = await runOn({ kind: "stdio", command: process.execPath, args: [SDK_V1] }, "stdio");
      expect(report.era).toBe("legacy");
      expect(report.score).toBeGreaterThan(0);
      expect(report.coverage.applied).toBeGreaterThan(10);
      const c19 = report.checks.find((c) => c.id === "C19");
      expect(c19?.status).toBe("fail");
      // An SDK default says so, with the way out.
      expect(c19?.detail).toMatch(
        /the v1 TypeScript SDK's McpServer .*@modelcontextprotocol\/server 2\.x answers -32602/,
      );
      expect(report.checks.find((c) => c.id === "C18")?.detail).toMatch(/McpServer's list handlers ignore the cursor/);
      expect(report.checks.find((c) => c.id === "C74")?.status).toBe("pass");
      expect(exitCodeOf(report)).toBe(0);
    } finally {
      await shutdownAll();
    }
  }, 60_000);

  it("over Streamable HTTP with the SDK's DNS-rebinding protection on: sessions, the protocol-version header and rebinding all pass", async () => {
    const server = await startHttp();
    try {
      const report = await runOn({ kind: "http", url: server.url }, "http");
      expect(report.era).toBe("legacy");
      for (const id of ["C54", "C70", "C71", "C72", "C73"])
        expect(report.checks.find((c) => c.id === id)?.status, id).toBe("pass");
      expect(exitCodeOf(report)).toBe(0);
    } finally {
      server.stop();
    }
  }, 60_000);
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
