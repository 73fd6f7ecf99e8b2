// Issue 17: `npm start`'s server (dist-servers/server.mjs, local mode) answers the build's hashed assets itself: the
// build's brotli copy, cached for a year, and the playground page's answer preloads Monaco's chunks (Link header),
// which a cold Chromium then uses instead of downloading them again.
import { readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { ROOT, guardedContext, httpRequest, signIn, startServer } from "../harness.mjs";

const CHUNKS = path.join(ROOT, ".next", "static", "chunks");
const CHROMIUM_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Monaco's main chunk, found in the build itself: the biggest script that sets up MonacoEnvironment. */
function monacoChunk() {
  const scripts = readdirSync(CHUNKS)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, text: readFileSync(path.join(CHUNKS, f), "utf8") }))
    .filter((s) => s.text.includes("MonacoEnvironment"))
    .sort((a, b) => b.text.length - a.text.length);
  if (!scripts.length) throw new Error("the build has no chunk that sets up MonacoEnvironment");
  return scripts[0].f;
}

/** GET with exactly these headers; the body as the bytes that came over the wire (no decoding). */
function getBytes(port, urlPath, headers) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, headers, agent: false }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The preload URLs a Link header names. */
const preloads = (link = "") => [...link.matchAll(/<([^>]+)>;\s*rel=preload/g)].map((m) => m[1]);

export function register({ test, assert }) {
  test("npm start's server: the page's answer preloads Monaco's main chunk, which is sent as the build's brotli copy, cached a year as immutable", async () => {
    const fast = await startServer();
    try {
      // The page is public and holds no credential (it signs itself in): every GET / is the playground.
      const page = await httpRequest({ port: fast.port, path: "/" });
      assert(
        page.status === 200 && page.text.includes('data-testid="playground"') && !page.text.includes(fast.token),
        `GET / → ${page.status}`,
      );
      const monaco = `/_next/static/chunks/${monacoChunk()}`;
      assert(
        String(page.headers.link).includes(`<${monaco}>; rel=preload; as=script`),
        `the page's Link header does not preload Monaco's main chunk ${monaco}: ${page.headers.link}`,
      );

      const chunk = await getBytes(fast.port, monaco, { "Accept-Encoding": CHROMIUM_ACCEPT_ENCODING });
      const onDisk = path.join(ROOT, ".next", monaco.slice("/_next/".length));
      assert(
        chunk.status === 200 && chunk.headers["content-encoding"] === "br",
        `Monaco's chunk: ${chunk.status}, Content-Encoding ${chunk.headers["content-encoding"]}`,
      );
      assert(
        chunk.headers["cache-control"] === "public, max-age=31536000, immutable",
        `Cache-Control: ${chunk.headers["cache-control"]}`,
      );
      assert(
        chunk.body.equals(readFileSync(`${onDisk}.br`)),
        "the brotli body is not the build's .br copy (run scripts/precompress.mjs after next build)",
      );
      assert(
        brotliDecompressSync(chunk.body).equals(readFileSync(onDisk)),
        "the brotli body does not decode to the chunk",
      );
      console.log(`     ${monaco}: ${readFileSync(onDisk).length} bytes sent as ${chunk.body.length} (brotli)`);
    } finally {
      await fast.stop();
    }
  });

  test("npm start's server: a cold Chromium fetches each chunk the page preloads exactly once (the preload is used, Monaco's as brotli), and Monaco takes over", async ({
    ctx,
  }) => {
    const fast = await startServer();
    const browser = ctx.context.browser();
    let cold;
    try {
      cold = await guardedContext(browser, { storageState: await signIn(browser, fast) });
      const page = await cold.context.newPage();
      await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
      const errors = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      // The document's own fetches. Monaco's web workers load some of the same chunks with importScripts
      // (resource type "other"): a preload cannot serve a worker (a browser's HTTP cache does, the files being immutable).
      const fetched = new Map();
      page.on("request", (r) => r.resourceType() !== "other" && fetched.set(r.url(), (fetched.get(r.url()) ?? 0) + 1));

      const answer = await page.goto(fast.base + "/");
      const wanted = preloads(await answer.headerValue("link"));
      const monaco = `/_next/static/chunks/${monacoChunk()}`;
      assert(wanted.includes(monaco) && wanted.some((u) => u.endsWith(".css")), `the page's preloads: ${wanted}`);
      await page.waitForSelector('[data-editor="monaco"]', { timeout: 30_000 });
      // Every preloaded file is taken up by the page (Turbopack adds a <script>/<link> per chunk it loads), JSON mode too.
      const usedAll = (urls) =>
        urls.every((u) => document.querySelector(`script[src="${u}"], link[rel="stylesheet"][href="${u}"]`));
      await page.waitForFunction(usedAll, wanted, { timeout: 30_000 }).catch(async () => {
        const used = await page.evaluate(() =>
          [...document.querySelectorAll("script[src], link[rel=stylesheet]")].map(
            (e) => e.getAttribute("src") ?? e.getAttribute("href"),
          ),
        );
        throw new Error(`preloaded but never used by the page: ${wanted.filter((u) => !used.includes(u)).join(", ")}`);
      });
      // Routing (the guard) turns the HTTP cache off, so a preload the page did not use would show as a second fetch.
      const timing = await page.evaluate(
        (urls) =>
          urls.map((u) =>
            performance
              .getEntriesByName(new URL(u, location.href).href)
              .map((e) => ({ type: e.initiatorType, encoded: e.encodedBodySize })),
          ),
        wanted,
      );
      const wrong = wanted.filter((u, i) => fetched.get(fast.base + u) !== 1 || timing[i].length !== 1);
      assert(
        wrong.length === 0,
        `each preloaded file should be fetched once: ${wrong.map((u) => `${u}: ${fetched.get(fast.base + u) ?? 0} requests, timing ${JSON.stringify(timing[wanted.indexOf(u)])}`).join("; ")}`,
      );
      const monacoBr = statSync(path.join(ROOT, ".next", monaco.slice("/_next/".length) + ".br")).size;
      const monacoTiming = timing[wanted.indexOf(monaco)][0];
      assert(
        monacoTiming.encoded === monacoBr,
        `Monaco's chunk arrived as ${monacoTiming.encoded} bytes, not its ${monacoBr}-byte brotli copy`,
      );
      assert(
        cold.foreign.length === 0 && errors.length === 0,
        `foreign requests ${cold.foreign.join(", ")}; console errors: ${errors.join(" | ")}`,
      );
      console.log(
        `     ${wanted.length} preloaded files, each fetched once by the page (Monaco's ${monacoBr} bytes brotli)`,
      );
    } finally {
      await cold?.context.close();
      await fast.stop();
    }
  });
}
