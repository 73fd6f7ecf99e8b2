/** The lab's standalone embedded HTTP servers (dist-servers/http.mjs) refuse a foreign Host or Origin (DNS rebinding). */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runOn } from "./run-suite";

let child: ChildProcess;
let url: URL;

beforeAll(async () => {
  child = spawn(process.execPath, [path.join(ROOT, "dist-servers", "http.mjs"), "calendar", "0"], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  url = await new Promise<URL>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve(new URL(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`http.mjs exited ${code}: ${err}`)));
  });
});
afterAll(() => {
  child.stdin!.end(); // it exits when its stdin closes
});

function post(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    );
  });
}

describe("an embedded server on its own loopback port refuses DNS rebinding", () => {
  it("Host evil.example.com (no Origin) gets 403; its own Host does not", async () => {
    expect(await post({ Host: "evil.example.com" })).toBe(403);
    expect(await post({ Host: url.host, Origin: "http://evil.example.com" })).toBe(403);
    expect(await post({ Host: url.host })).not.toBe(403);
  });

  it("the checks agree: C54 and C73 pass", async () => {
    const report = await runOn({ kind: "http", url: url.href }, "http", { only: ["C54", "C73"], timeoutMs: 5000 });
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(["C54 pass", "C73 pass"]);
  }, 30_000);
});
