/** The app sandbox's own listener: a second loopback origin that serves the proxy page and nothing else. */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startAppsSandbox } from "@/lib/apps/server/sandbox-server";

function get(port: number, path: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string; type?: string }> {
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
