/**
 * Issue 46: the page's HTML is compressed for every encoding a browser offers — `br` alone included (Next's own
 * compression knew gzip and deflate only, so a client offering only br got the 260 KB page as it was). Real HTTP to the
 * playground's own listener; the page renderer stands in for Next (compress: false in next.config.ts): it streams a
 * page in pieces, as Next does, with its RSC payload.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchHostname } from "@/lib/node/web/launch-origin";

let server: http.Server;
let port: number;
const PAGE = `<!doctype html><html><body>${'<p class="x">Скъпи, здравей — playground</p>'.repeat(3000)}</body></html>`;

beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", "page-compression-token-0123456789");
  const { createPlaygroundListener } = await import("@/lib/node/host/app");
  const pages = async (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    const half = Math.floor(PAGE.length / 2);
    res.write(PAGE.slice(0, half));
    await new Promise((r) => setImmediate(r));
    res.end(PAGE.slice(half));
  };
  server = http.createServer(createPlaygroundListener({ pages }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  vi.unstubAllEnvs();
});

interface Got {
  encoding: string | undefined;
  vary: string | undefined;
  wireBytes: number;
  text: string;
}

function getPage(acceptEncoding: string | undefined): Promise<Got> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: `${launchHostname()}:${port}` };
    if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
    http
      .get({ host: "127.0.0.1", port, path: "/", agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body =
            encoding === "br"
              ? zlib.brotliDecompressSync(wire)
              : encoding === "gzip"
                ? zlib.gunzipSync(wire)
                : encoding === "deflate"
                  ? zlib.inflateSync(wire)
                  : wire;
          resolve({ encoding, vary: res.headers.vary, wireBytes: wire.length, text: body.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

describe("issue 46: the page is compressed for every encoding a browser offers", () => {
  const raw = Buffer.byteLength(PAGE);

  it("br alone: the page comes brotli-compressed, whole", async () => {
    const got = await getPage("br");
    expect(got.encoding).toBe("br");
    expect(got.text).toBe(PAGE);
    expect(got.wireBytes).toBeLessThan(raw / 10);
    expect(got.vary).toMatch(/accept-encoding/i);
  });

  it("what Chromium offers (gzip, deflate, br, zstd): brotli", async () => {
    const got = await getPage("gzip, deflate, br, zstd");
    expect(got.encoding).toBe("br");
    expect(got.text).toBe(PAGE);
  });

  it("gzip alone: gzip; deflate alone: deflate", async () => {
    const gzip = await getPage("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.text).toBe(PAGE);
    const deflate = await getPage("deflate");
    expect(deflate.encoding).toBe("deflate");
    expect(deflate.text).toBe(PAGE);
  });

  it("no encoding offered (or identity): the page as it is", async () => {
    for (const offer of [undefined, "identity"]) {
      const got = await getPage(offer);
      expect(got.encoding).toBeUndefined();
      expect(got.wireBytes).toBe(raw);
    }
  });
});
