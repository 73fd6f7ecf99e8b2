import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Target } from "@/lib/bridge/contract";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import { livePids, shutdownAll } from "@/lib/node/bridge/stdio";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { runDoctor, type Diagnosis } from "@/lib/doctor/ladder";
import { startBrokenEndpoints } from "@/tests/fixtures/doctor/endpoints";
import { cliArgs } from "@/tests/helpers/cli";

const ROOT = path.resolve(__dirname, "..", "..");
const fixture = (name: string) => path.join(ROOT, "tests", "fixtures", name);
const LEGACY = fixture(path.join("checks", "legacy.mjs"));
const node = (file: string): Target => ({ kind: "stdio", command: process.execPath, args: [file] });

async function diagnose(target: Target, timeoutMs = 3000): Promise<Diagnosis> {
  const send = bridgeCheckSend(target);
  try {
    return await runDoctor(
      { label: targetLabel(target), transport: targetTransport(target) },
      (text, o) => send(text, { label: o.label, headers: o.headers, timeoutMs: o.timeoutMs ?? timeoutMs }),
      { timeoutMs },
    );
  } finally {
    await shutdownAll();
  }
}
const broken = (d: Diagnosis) => {
  const last = d.rungs[d.rungs.length - 1];
  return { brokenAt: d.brokenAt, problem: last.problem };
};

let endpoints: Awaited<ReturnType<typeof startBrokenEndpoints>>;
beforeAll(async () => {
  endpoints = await startBrokenEndpoints();
});
afterAll(async () => {
  await endpoints.close();
  expect(livePids()).toEqual([]);
});

describe("the connection doctor names the broken step and what to do (stdio)", () => {
  it("a command that is not on PATH: spawn ENOENT with the PATH searched and the Windows .cmd note", async () => {
    const d = await diagnose({ kind: "stdio", command: "no-such-mcp-server-xyz", args: [] });
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "spawn-enoent" });
    expect(d.rungs[0].detail).toContain(`Searched PATH=${process.env.PATH}`);
    expect(d.rungs[0].advice).toMatch(/\.cmd/);
  });

  it("a file that is not executable: spawn EACCES with the resolved path", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "doctor-"));
    const file = path.join(dir, "server.sh");
    writeFileSync(file, "#!/bin/sh\necho hi\n");
    chmodSync(file, 0o644);
    const d = await diagnose({ kind: "stdio", command: file, args: [] });
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "spawn-eacces" });
    expect(d.rungs[0].detail).toContain(file);
    expect(d.rungs[0].advice).toMatch(/chmod \+x/);
  });

  it("a server that exits at start: the exit code and the stderr tail", async () => {
    const d = await diagnose(node(fixture("exit-at-start.mjs")));
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "exited" });
    expect(d.rungs[0].detail).toMatch(/exited with code 3/);
    expect(d.rungs[0].detail).toContain("fatal: EXAMPLE_API_KEY is not set");
  });

  it("a script that is not there (run from the wrong folder): the stderr tail keeps the `Cannot find module` line, not only the last stack frames", async () => {
    const missing = path.join(tmpdir(), "no-such-folder", "build", "server.js");
    const d = await diagnose(node(missing));
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "exited" });
    expect(d.rungs[0].detail).toContain(`Cannot find module '${missing}'`);
    expect(d.rungs[0].detail).toMatch(/exited with code 1/);
  });

  it("a banner on stdout: non-JSON on stdout, quoted, with the advice to log to stderr", async () => {
    const d = await diagnose(node(fixture("doctor/banner-stdout.mjs")), 1500);
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "stdout-not-json" });
    expect(d.rungs[0].detail).toContain('"Weather server v0.1 listening on stdio"');
    expect(d.rungs[0].advice).toMatch(/stderr/);
  });

  it("a process that never answers: a timeout that says the process is running", async () => {
    const d = await diagnose({ kind: "stdio", command: process.execPath, args: ["-e", "process.stdin.resume()"] }, 800);
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "timeout" });
    expect(d.rungs[0].detail).toMatch(/No answer within 800 ms \(the process is running\)/);
  });

  it("JSON-RPC but neither server/discover nor initialize: broken at server/discover", async () => {
    const d = await diagnose(node(fixture("doctor/not-mcp.mjs")));
    expect(broken(d)).toEqual({ brokenAt: "server/discover", problem: "no-handshake" });
    expect(d.rungs.map((r) => `${r.rung} ${r.ok}`)).toEqual(["connect true", "server/discover false"]);
  });

  it("a declared list that fails: broken at the lists rung, naming the method and the error", async () => {
    const d = await diagnose(node(fixture("doctor/broken-list.mjs")));
    expect(broken(d)).toEqual({ brokenAt: "lists", problem: "list-failed" });
    expect(d.rungs[d.rungs.length - 1].detail).toMatch(
      /tools\/list answered error -32603 "Internal error: database is not connected"/,
    );
  });

  it("the embedded calendar is healthy: every rung passes", async () => {
    const d = await diagnose({ kind: "demo", server: "calendar", transport: "stdio" }, 10_000);
    expect(d.brokenAt).toBeUndefined();
    expect(d.rungs.map((r) => `${r.rung} ${r.ok}`)).toEqual(["connect true", "server/discover true", "lists true"]);
    expect(d.summary).toMatch(/^Healthy: a 2026-07-28 server; 1 tools, 1 prompts, 1 resources\.$/);
  }, 20_000);

  it("a server that answers but prints a banner on stdout: works, but … (not Healthy), naming the line", async () => {
    const d = await diagnose({ kind: "stdio", command: process.execPath, args: [LEGACY, "--violate", "C58"] });
    expect(d.brokenAt).toBeUndefined();
    expect(d.summary).toMatch(/^Works, but stdout carried a line that is not JSON \("legacy fixture ready"\)/);
    expect(d.caveats).toHaveLength(1);
  });

  it('a server that answers with "jsonrpc": "1.0": works, but … a strict client rejects it', async () => {
    const d = await diagnose({ kind: "stdio", command: process.execPath, args: [LEGACY, "--violate", "C66"] });
    expect(d.summary).toMatch(/^Works, but a message carried "jsonrpc": "1.0", not "2.0"/);
  });

  it("a legacy server: discover not served, initialize fallback, then the lists", async () => {
    const d = await diagnose({ kind: "demo", server: "everything", transport: "stdio" }, 10_000);
    expect(d.brokenAt).toBeUndefined();
    expect(d.rungs.map((r) => `${r.rung} ${r.ok}`)).toEqual([
      "connect true",
      "server/discover true",
      "initialize true",
      "lists true",
    ]);
    expect(d.era).toBe("legacy");
  }, 30_000);
});

describe("the connection doctor over HTTP", () => {
  const cases: [string, string, RegExp][] = [
    ["/mcp-elsewhere", "http-404", /\/mcp/],
    ["/page", "http-405", /POST/],
    ["/picky-accept", "http-406", /Accept/],
    ["/picky-type", "http-415", /Content-Type/],
    ["/private", "http-401", /Authorization/],
    ["/origin-check", "http-403", /Origin/],
  ];
  for (const [p, problem, advice] of cases) {
    it(`${p}: ${problem}`, async () => {
      const d = await diagnose({ kind: "http", url: endpoints.url(p) });
      expect(broken(d)).toEqual({ brokenAt: "connect", problem });
      expect(d.rungs[0].advice).toMatch(advice);
    });
  }

  it("an endpoint that never answers: timeout", async () => {
    const d = await diagnose({ kind: "http", url: endpoints.url("/silent") }, 800);
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "timeout" });
  });

  it("nothing listening: connection refused", async () => {
    const url = endpoints.url("/mcp").replace(/:\d+\//, ":9/");
    const d = await diagnose({ kind: "http", url });
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "refused" });
  });

  it("a host name that does not resolve: name resolution", async () => {
    const d = await diagnose({ kind: "http", url: "http://no-such-host.invalid/mcp" });
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "dns" });
  });

  it("https: to a plain-http port: TLS, in words", async () => {
    const d = await diagnose({ kind: "http", url: endpoints.url("/mcp").replace("http:", "https:") });
    expect(broken(d)).toEqual({ brokenAt: "connect", problem: "tls" });
    expect(d.rungs[0].detail).toMatch(/does not speak TLS on this port/);
  });
});

describe("npm run cli -- doctor", () => {
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [...cliArgs(), "doctor", ...args], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "ignore"],
      });
      let stdout = "";
      child.stdout.on("data", (c) => (stdout += c));
      child.on("close", (code) => resolve({ code, stdout }));
    });

  it("a bare command line that exits at start: exit 1 and --json names the rung, the problem and the stderr tail", async () => {
    const run = await cli([`node ${fixture("exit-at-start.mjs")}`, "--json"]);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({
      brokenAt: "connect",
      transport: "stdio",
      rungs: [{ rung: "connect", ok: false, problem: "exited" }],
    });
    expect(json.rungs[0].detail).toContain("EXAMPLE_API_KEY");
  }, 30_000);

  it("a bare URL is an HTTP target; the text form says what to do", async () => {
    const run = await cli([endpoints.url("/mcp-elsewhere")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL connect: HTTP 404 Not Found/);
    expect(run.stdout).toMatch(/What to do: Most servers serve MCP at \/mcp/);
  }, 30_000);

  it("the text form follows --lang: the same steps in Bulgarian, then Russian (issue 32)", async () => {
    const bg = await cli([endpoints.url("/mcp-elsewhere"), "--lang", "bg"]);
    expect(bg.code).toBe(1);
    expect(bg.stdout).toMatch(/FAIL connect: HTTP 404 Not Found .*: на този път не се обслужва нищо\./);
    expect(bg.stdout).toMatch(/Какво да направите: Повечето server-и обслужват MCP на \/mcp/);
    expect(bg.stdout).toMatch(/Прекъсва на стъпка connect/);
    const ru = await cli([endpoints.url("/mcp-elsewhere"), "--lang=ru"]);
    expect(ru.stdout).toMatch(/Что делать: Большинство серверов обслуживают MCP по пути \/mcp/);
  }, 30_000);
});
