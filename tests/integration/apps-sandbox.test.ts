/** The app sandbox's own listener: a second loopback origin that serves the proxy page and nothing else. */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startAppsSandbox } from "@/lib/node/apps/sandbox-server";

function get(
  port: number,
  path: string,
  host = `127.0.0.1:${port}`,
): Promise<{ status: number; body: string; type?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: res.headers["content-type"] }));
      })
      .on("error", reject);
  });
}

describe("the Apps sandbox listener", () => {
  it("is started once per process on its own loopback port and serves the proxy page", async () => {
    const a = await startAppsSandbox();
    const b = await startAppsSandbox();
    expect(b).toBe(a);
    expect(a.origin).toBe(`http://127.0.0.1:${a.port}`);
    const page = await get(a.port, "/sandbox.html");
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("ui/notifications/sandbox-proxy-ready");
  });

  it("answers nothing else, and nothing to a name that is not loopback (DNS rebinding)", async () => {
    const { port } = await startAppsSandbox();
    expect((await get(port, "/")).status).toBe(404);
    expect((await get(port, "/sandbox.html", "evil.example:80")).status).toBe(421);
  });
});

describe("the Apps sandbox in hosted mode", () => {
  it("refuses to start without a public origin, and says which settings it needs", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = `import("./lib/node/apps/sandbox-server.ts").then((m) => m.startAppsSandbox()).then(() => console.log("started"), (e) => console.log(e.message))`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, PLAYGROUND_MODE: "hosted", PLAYGROUND_APPS_SANDBOX_ORIGIN: "" },
      encoding: "utf8",
    });
    expect(out.trim()).toBe(
      "hosted mode renders MCP Apps only when PLAYGROUND_APPS_SANDBOX_PORT and PLAYGROUND_APPS_SANDBOX_ORIGIN name an exposed port and its public origin",
    );
  });
});
