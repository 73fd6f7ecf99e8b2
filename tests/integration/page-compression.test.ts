/**
 * Issue 46: the page's HTML is compressed for every encoding a browser offers — `br` alone included (Next's own
 * compression knew gzip and deflate only, so a client offering only br got the 260 KB page as it was). Real HTTP to the
 * playground's own listener; the page renderer stands in for Next (compress: false in next.config.ts): it streams a
 * page in pieces, as Next does, with its RSC payload.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { bodyOf, decodedBody } from "@/tests/helpers/http";
import { playgroundListenerForFile } from "./playground-listener";

const PAGE = `<!doctype html><html><body>${'<p class="x">Скъпи, здравей — playground</p>'.repeat(3000)}</body></html>`;

const listener = playgroundListenerForFile("page-compression-token-0123456789", async (_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  const half = Math.floor(PAGE.length / 2);
  res.write(PAGE.slice(0, half));
  await new Promise((r) => setImmediate(r));
  res.end(PAGE.slice(half));
});

interface Got {
  encoding: string | undefined;
  vary: string | undefined;
  wireBytes: number;
  text: string;
}

function getPage(acceptEncoding: string | undefined): Promise<Got> {
  const { port } = listener;
  const headers: Record<string, string> = { Host: `${launchHostname()}:${port}` };
  if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/", agent: false, headers }, resolve).on("error", reject);
  }).then(async (res) => {
    const wire = await bodyOf(res);
    const encoding = res.headers["content-encoding"];
    const text = decodedBody(wire, encoding).toString("utf8");
    return { encoding, vary: res.headers.vary, wireBytes: wire.length, text };
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
