/**
 * The build's hashed assets as the playground's server answers them (lib/node/host/app.ts: @hono/node-server's
 * serveStatic with the build's precompressed copies), over a real node:http server on loopback with exact
 * Accept-Encoding headers; the Monaco preload list read from chunks written in Turbopack's shapes
 * (scripts/static-assets.mjs); and the build step that writes the .br/.gz copies (scripts/precompress.mjs).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlaygroundListener } from "@/lib/node/host/app";
// @ts-expect-error a plain .mjs script without types
import { editorPreload, preloadLinkHeader } from "../../scripts/static-assets.mjs";
// @ts-expect-error a plain .mjs script without types
import { precompress } from "../../scripts/precompress.mjs";
import { bodyOf } from "@/tests/helpers/http";
import { launchHostname } from "@/lib/node/web/launch-origin";

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  fellThrough: boolean;
  untouched: boolean;
};

const YEAR = "public, max-age=31536000, immutable";
const JS = "text/javascript; charset=utf-8";
/** Compressible text of about `kib` KiB that is not one repeated line. */
const text = (kib: number, tag = "x") =>
  Buffer.from(
    Array.from({ length: Math.ceil((kib * 1024) / 40) }, (_, i) => `const ${tag}${i} = ${i * 7919} % 13;\n`)
      .join("")
      .slice(0, kib * 1024),
  );
const brotli = (b: Buffer) => zlib.brotliCompressSync(b);
const gunzip = (b: Buffer) => zlib.gunzipSync(b);
const unbrotli = (b: Buffer) => zlib.brotliDecompressSync(b);

/** Writes `body` at `dir`/`rel`, making the folders on the way. */
function putFile(dir: string, rel: string, body: Buffer | string) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), body);
}
let root: string;
const write = (rel: string, body: Buffer | string) => putFile(root, rel, body);

const FILES = {
  // precompressed by scripts/precompress.mjs, as after `npm run build`
  app: text(40, "app"),
  styles: text(8, "css"),
  // its .br/.gz copies say something else (valid, distinguishable): proves the copies are what is sent
  marked: text(6, "marked"),
  // a bare `next build`: no copies beside it
  bare: text(12, "bare"),
  small: text(0.5, "s"),
  font: randomBytes(4096),
};
const MARKED_BR = Buffer.concat([FILES.marked, Buffer.from("/* the build's brotli copy */")]);
const MARKED_GZ = Buffer.concat([FILES.marked, Buffer.from("/* the build's gzip copy */")]);

let server: http.Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "static-assets-test-"));
  write(".next/BUILD_ID", "secret-build-id");
  write(".next/static-other/leak.js", text(2, "leak"));
  write(".next/static/chunks/app.js", FILES.app);
  write(".next/static/css/styles.css", FILES.styles);
  await precompress(path.join(root, ".next/static"));
  write(".next/static/chunks/marked.js", FILES.marked);
  write(".next/static/chunks/marked.js.br", brotli(MARKED_BR));
  write(".next/static/chunks/marked.js.gz", zlib.gzipSync(MARKED_GZ));
  write(".next/static/chunks/bare.js", FILES.bare);
  write(".next/static/chunks/small.js", FILES.small);
  write(".next/static/media/font.woff2", FILES.font);

  const listener = createPlaygroundListener({
    nextDir: path.join(root, ".next"),
    // What Next would get: a response nothing was written to yet (the front door's frame headers aside).
    pages: async (_req, res) => {
      const untouched =
        !res.headersSent &&
        !res.writableEnded &&
        res.getHeaderNames().every((h) => ["content-security-policy", "x-frame-options"].includes(h));
      res.writeHead(404, { "x-fell-through": "1", "x-untouched": String(untouched) });
      res.end("left to Next");
    },
  });
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** One request with exactly these headers; the path goes on the wire as written (no normalising). */
function request(
  urlPath: string,
  { method = "GET", acceptEncoding }: { method?: string; acceptEncoding?: string } = {},
): Promise<Answer> {
  // As the page asks: on this launch's own name (a page path on 127.0.0.1 answers a page that moves to it).
  const headers: http.OutgoingHttpHeaders = {
    Host: `${launchHostname()}:${port}`,
    ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false }, (res) =>
      bodyOf(res).then(
        (body) =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            fellThrough: res.headers["x-fell-through"] === "1",
            untouched: res.headers["x-untouched"] === "true",
          }),
        reject,
      ),
    );
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

const APP = "/_next/static/chunks/app.js";

describe("content negotiation: the smallest encoding the browser takes", () => {
  it("brotli is preferred over gzip when both are taken (a browser's Accept-Encoding), and decodes to the exact file", async () => {
    const r = await request(APP, { acceptEncoding: "gzip, deflate, br, zstd" });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(unbrotli(r.body).equals(FILES.app)).toBe(true);
    expect(r.body.length).toBeLessThan(FILES.app.length / 3);
  });

  it("gzip when only gzip is taken (or brotli is refused with q=0), decoding to the exact file", async () => {
    for (const acceptEncoding of ["gzip", "br;q=0, gzip", "deflate, gzip"]) {
      const r = await request(APP, { acceptEncoding });
      expect(r.headers["content-encoding"], acceptEncoding).toBe("gzip");
      expect(gunzip(r.body).equals(FILES.app)).toBe(true);
    }
  });

  it("the file as it is (no Content-Encoding) when neither is taken: no header, identity, deflate only, or both refused with q=0", async () => {
    for (const acceptEncoding of [undefined, "identity", "deflate", "br;q=0, gzip;q=0"]) {
      const r = await request(APP, { acceptEncoding });
      expect(r.headers["content-encoding"], String(acceptEncoding)).toBeUndefined();
      expect(r.body.equals(FILES.app)).toBe(true);
    }
  });

  it("the build's .br and .gz copies are what is sent when present (not a fresh compression of the file)", async () => {
    const br = await request("/_next/static/chunks/marked.js", { acceptEncoding: "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(unbrotli(br.body).equals(MARKED_BR)).toBe(true);
    const gz = await request("/_next/static/chunks/marked.js", { acceptEncoding: "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzip(gz.body).equals(MARKED_GZ)).toBe(true);
  });

  it("without the build's copies (a bare next build) the file is sent as it is: nothing is compressed per request", async () => {
    const r = await request("/_next/static/chunks/bare.js", { acceptEncoding: "gzip, br" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.body.equals(FILES.bare)).toBe(true);
  });

  it("the stylesheet precompressed by the build is served in brotli too", async () => {
    const r = await request("/_next/static/css/styles.css", { acceptEncoding: "br" });
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(unbrotli(r.body).equals(FILES.styles)).toBe(true);
  });
});

describe("the headers: typed, exact length, cached a year, varying by encoding", () => {
  it("a compressed script carries its type, the encoded length, the immutable year and Vary: Accept-Encoding", async () => {
    const r = await request(APP, { acceptEncoding: "br" });
    expect(r.headers["content-type"]).toBe(JS);
    expect(r.headers["content-length"]).toBe(String(r.body.length));
    expect(r.headers["cache-control"]).toBe(YEAR);
    expect(r.headers["vary"]).toBe("Accept-Encoding");
  });

  it("a query string does not change the file served", async () => {
    const r = await request(`${APP}?dpl=abc`, { acceptEncoding: "gzip" });
    expect(r.status).toBe(200);
    expect(gunzip(r.body).equals(FILES.app)).toBe(true);
  });

  it("HEAD answers the same headers as GET and no body", async () => {
    const get = await request(APP, { acceptEncoding: "br" });
    const head = await request(APP, { method: "HEAD", acceptEncoding: "br" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-type", "content-length", "cache-control", "vary", "content-encoding"])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it("a script under 1 KiB is sent as it is, even to a browser that takes brotli", async () => {
    const r = await request("/_next/static/chunks/small.js", { acceptEncoding: "br, gzip" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.body.equals(FILES.small)).toBe(true);
    expect(r.headers["content-length"]).toBe(String(FILES.small.length));
    expect(r.headers["cache-control"]).toBe(YEAR);
  });

  it("a font (already compressed) is sent as it is, typed font/woff2, with no Vary", async () => {
    const r = await request("/_next/static/media/font.woff2", { acceptEncoding: "br, gzip" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["content-type"]).toBe("font/woff2");
    expect(r.headers["vary"]).toBeUndefined();
    expect(r.headers["cache-control"]).toBe(YEAR);
    expect(r.body.equals(FILES.font)).toBe(true);
  });
});

describe("a method other than GET or HEAD on a build asset", () => {
  // Issue 26 (info): Next answered POST /_next/static/… with a 500.
  for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    for (const urlPath of [APP, "/_next/static/chunks/missing.js"])
      it(`${method} ${urlPath}: 405 with Allow: GET, HEAD, never left to Next`, async () => {
        const r = await request(urlPath, { method, acceptEncoding: "br, gzip" });
        expect(r.status).toBe(405);
        expect(r.headers["allow"]).toBe("GET, HEAD");
        expect(r.fellThrough).toBe(false);
        expect(JSON.parse(r.body.toString())).toMatchObject({ ok: false, kind: "bad-request" });
      });
});

describe("everything else is left to Next, untouched", () => {
  const refused: Array<[string, string, string?]> = [
    ["a missing file", "/_next/static/chunks/missing.js"],
    ["a path outside /_next/static/", "/static/chunks/app.js"],
    ["another /_next/ path", "/_next/image?url=x"],
    ["the page", "/"],
    ["a folder", "/_next/static/chunks"],
    ["the static folder itself", "/_next/static/"],
    ["../ out of the folder", "/_next/static/../BUILD_ID"],
    ["%2e%2e out of the folder", "/_next/static/%2e%2e/BUILD_ID"],
    ["%2e%2e%2f out of the folder", "/_next/static/chunks/%2e%2e%2f%2e%2e%2fBUILD_ID"],
    ["a sibling folder sharing the prefix (static-other)", "/_next/static/../static-other/leak.js"],
    ["an absolute path (%2F)", "/_next/static/%2Fetc%2Fpasswd"],
    ["a backslash", "/_next/static/..%5CBUILD_ID"],
    ["a NUL byte", "/_next/static/chunks/app.js%00"],
    ["malformed percent-encoding", "/_next/static/chunks/%E0%A4%A.js"],
  ];
  for (const [what, urlPath, method] of refused) {
    it(`${what}: ${method ?? "GET"} ${urlPath}`, async () => {
      const r = await request(urlPath, { method, acceptEncoding: "br, gzip" });
      expect(r.fellThrough).toBe(true);
      expect(r.untouched).toBe(true);
      expect(r.body.toString()).toBe("left to Next");
    });
  }

  it("many different missing paths all fall through (nothing is remembered for a file that is not there)", async () => {
    for (let i = 0; i < 300; i++) {
      const r = await request(`/_next/static/chunks/${randomBytes(12).toString("hex")}.js`, { acceptEncoding: "br" });
      expect(r.fellThrough && r.untouched).toBe(true);
    }
    // …and a file the build adds later under a path once asked for is served, not a remembered miss.
    write(".next/static/chunks/late.js", FILES.small);
    const late = await request("/_next/static/chunks/late.js");
    expect([late.status, late.fellThrough]).toEqual([200, false]);
  });
});

// ---- the Monaco preload list, from chunks written in Turbopack's shapes (copied from a real `next build`) ----

const HEAD =
  '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,';
const chunk = (body: string) => `${HEAD}${body}]);`;
/** A dynamic import's loader, as Turbopack writes it into the importing chunk. */
const loader = (id: number, files: string[]) =>
  `${id},s=>{s.v(t=>Promise.all(${JSON.stringify(files.map((f) => `static/chunks/${f}`))}.map(t=>s.l(t))).then(()=>t(${id + 1})))}`;
/** A web worker's chunk list (another shape: a preload cannot serve a worker). */
const worker = (id: number, files: string[]) =>
  `${id},e=>{e.v(e.r(510914).f("static/chunks/turbopack-worker-1hrsqshz0gfey.js",${JSON.stringify(files.map((f) => `static/chunks/${f}`))}))}`;
const pad = (kib: number) => `/*${"x".repeat(kib * 1024)}*/`;

function chunksFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "editor-preload-test-"));
  const put = (name: string, body: string) => putFile(dir, `chunks/${name}`, body);
  // The page: loaders for the editor (Monaco) and for another lazy panel, sharing one chunk.
  put(
    "page.js",
    chunk(
      [
        loader(295103, ["setup.js", "monaco.js", "shared.js", "editor-a.css", "editor-b.css"]),
        loader(385435, ["panel.js", "shared.js", "panel.css"]),
      ].join(","),
    ),
  );
  // Our Monaco setup: names MonacoEnvironment, the JSON worker's list, and the nested import of Monaco's JSON mode.
  put(
    "setup.js",
    chunk(
      `232324,e=>{self.MonacoEnvironment={getWorker:()=>new Worker()}},${worker(648295, ["worker-only.js", "shared.js"])},${loader(886360, ["json-mode.js", "json-lang.js"])}${pad(2)}`,
    ),
  );
  put("monaco.js", chunk(`1,e=>{self.MonacoEnvironment;}${pad(40)}`));
  put("shared.js", chunk(`2,e=>{}${pad(8)}`));
  put("json-mode.js", chunk(`3,e=>{}${pad(12)}`));
  put("json-lang.js", chunk(`4,e=>{}${pad(1)}`));
  put("panel.js", chunk(`5,e=>{}${loader(7, ["panel-more.js"])}${pad(20)}`));
  put("panel-more.js", chunk(`6,e=>{}`));
  put("worker-only.js", chunk(`8,e=>{}${pad(30)}`));
  put("turbopack-worker-1hrsqshz0gfey.js", chunk(`9,e=>{}`));
  for (const css of ["editor-a.css", "editor-b.css", "panel.css"]) put(css, ".a{color:red}");
  return dir;
}

describe("editorPreload: the chunks of the dynamic import that brings Monaco, and of the imports it makes", () => {
  let dir: string;
  beforeAll(() => {
    dir = chunksFixture();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names Monaco's set and the nested JSON-mode set, biggest script first then the stylesheets; not the worker's list nor the other panel", () => {
    expect(editorPreload(dir)).toEqual(
      ["monaco.js", "json-mode.js", "shared.js", "setup.js", "json-lang.js", "editor-a.css", "editor-b.css"].map(
        (f) => `/_next/static/chunks/${f}`,
      ),
    );
  });

  it("leaves out a file a set names that the build does not hold", () => {
    rmSync(path.join(dir, "chunks", "json-lang.js"));
    expect(editorPreload(dir)).not.toContain("/_next/static/chunks/json-lang.js");
    expect(editorPreload(dir)).toContain("/_next/static/chunks/json-mode.js");
  });

  it("is [] when the build has no chunks folder, or no import that brings Monaco", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "editor-preload-empty-"));
    try {
      expect(editorPreload(empty)).toEqual([]);
      mkdirSync(path.join(empty, "chunks"));
      writeFileSync(path.join(empty, "chunks", "page.js"), chunk(loader(1, ["panel.js"])));
      writeFileSync(path.join(empty, "chunks", "panel.js"), chunk("2,e=>{}"));
      expect(editorPreload(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("preloadLinkHeader: the Link header the playground page is answered with", () => {
  it("asks for scripts at low priority and stylesheets as styles, in the order given", () => {
    expect(preloadLinkHeader(["/_next/static/chunks/a.js", "/_next/static/chunks/b.css"])).toBe(
      "</_next/static/chunks/a.js>; rel=preload; as=script; fetchpriority=low, </_next/static/chunks/b.css>; rel=preload; as=style",
    );
  });
  it("is empty for no files (the server then sets no header)", () => expect(preloadLinkHeader([])).toBe(""));
});

describe("precompress: the build step that writes a .br and a .gz copy beside each compressible asset", () => {
  let dir: string;
  const body = {
    js: text(5, "js"),
    css: text(3, "css"),
    nested: text(2, "n"),
    small: text(0.9, "s"),
    font: randomBytes(3000),
    png: randomBytes(3000),
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "precompress-test-"));
    const put = (rel: string, b: Buffer) => putFile(dir, rel, b);
    put("chunks/a.js", body.js);
    put("chunks/a.css", body.css);
    put("deep/er/b.js", body.nested);
    put("chunks/small.js", body.small);
    put("media/font.woff2", body.font);
    put("media/logo.png", body.png);
    expect((await precompress(dir)).files).toBe(3);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes .br and .gz copies (nested folders too) that decompress to the exact original", () => {
    for (const [rel, original] of [
      ["chunks/a.js", body.js],
      ["chunks/a.css", body.css],
      ["deep/er/b.js", body.nested],
    ] as const) {
      const br = unbrotli(readFileSync(path.join(dir, `${rel}.br`)));
      const gz = gunzip(readFileSync(path.join(dir, `${rel}.gz`)));
      expect(br.equals(original) && gz.equals(original), rel).toBe(true);
    }
  });

  it("skips files under 1 KiB and files that are not compressible (fonts, images)", () => {
    for (const rel of ["chunks/small.js", "media/font.woff2", "media/logo.png"]) {
      expect(existsSync(path.join(dir, `${rel}.br`)) || existsSync(path.join(dir, `${rel}.gz`)), rel).toBe(false);
    }
  });

  it("run again (a second build step) does not compress its own copies", async () => {
    expect((await precompress(dir)).files).toBe(3);
    expect(existsSync(path.join(dir, "chunks/a.js.br.br")) || existsSync(path.join(dir, "chunks/a.js.gz.gz"))).toBe(
      false,
    );
  });
});
