/** `npm run cli -- auth`: the JSON shape, the exit code rule (1 on any error finding) and no secret on stdout. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliArgs } from "@/tests/helpers/cli";

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [...cliArgs(), "auth", ...args], {
    encoding: "utf8",
    timeout: 90_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Each case runs the CLI, an authorization server and a sign-in as processes: on a busy machine, more than 30 s.
describe("cli auth", { timeout: 120_000 }, () => {
  it("--demo calendar-protected --json completes headlessly and ends with an authenticated tools/list (exit 0)", () => {
    const r = cli("--demo", "calendar-protected", "--json");
    expect(r.status).toBe(0);
    const run = JSON.parse(r.stdout);
    expect(Object.keys(run)).toEqual(["target", "steps", "findings", "outcome"]);
    expect(run.outcome).toBe("authenticated");
    expect(run.findings).toEqual([]);
    for (const s of run.steps)
      expect(Object.keys(s)).toEqual(expect.arrayContaining(["name", "status", "detail", "specRef"]));
    const last = run.steps.at(-1);
    expect(last.name).toBe("refresh");
    expect(last.attempts.at(-1).request.body).toContain('"method": "tools/list"');
    expect(last.attempts.at(-1).response.status).toBe(200);
    // Every bearer value on stdout is masked.
    expect(r.stdout).not.toMatch(/Bearer eyJ[A-Za-z0-9_-]{20,}/);
    expect(r.stdout).not.toMatch(/"access_token": "eyJ[A-Za-z0-9_-]{20,}/);
  });

  it("issue 26, item 13: a demo run on the README's Node prints nothing from oidc-provider (no 'Unsupported runtime', no 'in-memory adapter … MUST change it')", () => {
    const r = cli("--demo", "calendar-protected", "--json");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("oidc-provider");
    expect(r.stdout).not.toContain("oidc-provider WARNING");
  });

  it("--demo naive-protected exits 1: its findings are errors", () => {
    const r = cli("--demo", "naive-protected", "--json");
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toEqual([
      "TOKEN_IN_QUERY_ACCEPTED",
      "INVALID_TOKEN_ACCEPTED",
    ]);
  });

  it("a usage error exits 2 and says what is wrong", () => {
    const r = cli("--url", "file:///etc/passwd");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--url must be an http(s) MCP endpoint");
  });
});

describe("cli auth --url … --open", () => {
  it("prints the authorization URL, waits for the browser's callback on a loopback port, and ends authenticated", async () => {
    const { spawn } = await import("node:child_process");
    const { startProtectedDemo } = await import("@/lib/node/demo-servers/protected-calendar");
    const { demoUserAgent } = await import("@/lib/node/auth/demo-login");
    const demo = await startProtectedDemo();
    try {
      const child = spawn(
        process.execPath,
        [
          ...cliArgs(),
          "auth",
          "--url",
          demo.urls.calendar,
          "--client-id",
          "mcp-playground-demo",
          "--open",
          "--wait",
          "60",
          "--json",
        ],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      const authUrl = await new Promise<string>((resolve, reject) => {
        child.stderr.on("data", (d) => {
          stderr += d;
          const m = /^(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)$/m.exec(stderr);
          if (m) resolve(m[1]);
        });
        child.on("exit", () => reject(new Error(`exited early: ${stderr}`)));
      });
      const redirectUri = new URL(authUrl).searchParams.get("redirect_uri")!;
      expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      // The "browser": sign in as the demo user, then follow the redirect to the CLI's loopback listener.
      const callback = await demoUserAgent(redirectUri)(authUrl);
      const landed = await fetch(callback!);
      expect(await landed.text()).toContain("You can close this tab");
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(0);
      const run = JSON.parse(stdout);
      expect(run.outcome).toBe("authenticated");
      expect(stdout).not.toContain(new URL(callback!).searchParams.get("code")!);
    } finally {
      await demo.close();
    }
    // A CLI process, an authorization server and a sign-in: more than the default 30 s on a busy machine.
  }, 90_000);
});
