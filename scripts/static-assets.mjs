// The build's hashed assets (/_next/static/**) for scripts/serve.mjs: answered from memory, compressed once
// (brotli or gzip, whichever the browser takes; scripts/precompress.mjs writes both at build time) and cached
// for a year, instead of Next's handler compressing every copy again on each request (on a cold page that cost
// ~0.3 s per large chunk and held a connection the next script waited for).
// It also names the frame editor's chunks (Monaco and its JSON mode) so the page's answer can ask the browser to
// fetch them while it still reads the HTML (a Link preload header), not after hydration imports them.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const PREFIX = "/_next/static/";
const YEAR = "public, max-age=31536000, immutable";
const TYPES = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
};
/** What is worth compressing (fonts and images already are). */
export const COMPRESSIBLE = new Set([".js", ".css", ".json", ".map", ".svg", ".txt"]);

/** The encodings a request's Accept-Encoding takes, in our order of preference (q=0 refuses one). */
export function acceptedEncodings(header = "") {
  const taken = new Set();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) taken.add(name);
  }
  return ["br", "gzip"].filter((e) => taken.has(e));
}

/**
 * GET/HEAD of an existing file under `<nextDir>/static`; anything else (another path, a missing file, a path
 * that leaves the folder, the .br/.gz copies themselves) is left to Next. The cache holds only files of the build.
 */
export function createStaticAssets(nextDir) {
  const staticDir = path.resolve(nextDir, "static");
  /** @type {Map<string, Promise<{ type: string, raw: Buffer, br?: Buffer, gzip?: Buffer }>>} */
  const cache = new Map();

  function fileFor(url) {
    const pathname = url.split("?")[0];
    if (!pathname.startsWith(PREFIX)) return null;
    let rel;
    try {
      rel = decodeURIComponent(pathname.slice(PREFIX.length));
    } catch {
      return null;
    }
    if (rel.includes("\0") || rel.includes("\\") || /\.(br|gz)$/.test(rel)) return null;
    const file = path.resolve(staticDir, rel);
    if (!file.startsWith(staticDir + path.sep)) return null;
    if (cache.has(file)) return file;
    try {
      return statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  }

  async function load(file) {
    const ext = path.extname(file);
    const raw = readFileSync(file);
    const entry = { type: TYPES[ext] ?? "application/octet-stream", raw };
    if (COMPRESSIBLE.has(ext) && raw.length >= 1024) {
      if (existsSync(`${file}.br`)) entry.br = readFileSync(`${file}.br`);
      // Without the build's copies (a bare `next build`), gzip once here.
      entry.gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : await gzip(raw, { level: 9 });
    }
    return entry;
  }

  function serve(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const file = fileFor(req.url ?? "");
    if (!file) return false;
    if (!cache.has(file)) cache.set(file, load(file));
    cache.get(file).then(
      (entry) => {
        const encoding = acceptedEncodings(req.headers["accept-encoding"]).find((e) => entry[e]);
        const body = encoding ? entry[encoding] : entry.raw;
        res.writeHead(200, {
          "Content-Type": entry.type,
          "Content-Length": body.length,
          "Cache-Control": YEAR,
          ...(COMPRESSIBLE.has(path.extname(file)) ? { Vary: "Accept-Encoding" } : {}),
          ...(encoding ? { "Content-Encoding": encoding } : {}),
        });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error) => {
        cache.delete(file);
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end(`could not read a build asset: ${error.message}`);
      },
    );
    return true;
  }

  return { serve, editorPreload: editorPreload(staticDir) };
}

// The chunk of our own Monaco setup (components/editor/monaco-local.ts) and Monaco's own code both name it.
const EDITOR_MARK = "MonacoEnvironment";
// Turbopack's loader for a dynamic import: Promise.all(["static/chunks/a.js","static/chunks/b.css"].map(load)).
// (A worker's chunk list has another shape and is left out: a preload cannot serve a worker.)
const CHUNK_SET = /Promise\.all\(\[((?:"static\/chunks\/[\w.-]+",?)+)\]/g;

/**
 * The files of the dynamic import that brings the frame editor, and of the imports those files make in turn
 * (Monaco's JSON mode), biggest script first, then stylesheets; [] when the build has no such import.
 */
export function editorPreload(staticDir) {
  const chunksDir = path.join(staticDir, "chunks");
  if (!existsSync(chunksDir)) return [];
  const scripts = new Map();
  for (const name of readdirSync(chunksDir)) if (name.endsWith(".js")) scripts.set(`static/chunks/${name}`, readFileSync(path.join(chunksDir, name), "utf8"));
  const sets = [];
  for (const [name, text] of scripts) for (const m of text.matchAll(CHUNK_SET)) sets.push({ in: name, files: JSON.parse(`[${m[1]}]`) });
  const wanted = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    for (const set of sets) {
      const isEditor = set.files.some((f) => scripts.get(f)?.includes(EDITOR_MARK));
      if ((isEditor || wanted.has(set.in)) && set.files.some((f) => !wanted.has(f))) {
        for (const f of set.files) wanted.add(f);
        grew = true;
      }
    }
  }
  const size = (f) => scripts.get(f)?.length ?? 0;
  const files = [...wanted].filter((f) => existsSync(path.join(staticDir, f.slice("static/".length))));
  return [...files.filter((f) => f.endsWith(".js")).sort((a, b) => size(b) - size(a)), ...files.filter((f) => f.endsWith(".css"))].map((f) => `/_next/${f}`);
}

/** The Link header value that asks for `files` early (low priority: the page's own first scripts go first). */
export function preloadLinkHeader(files) {
  return files.map((f) => (f.endsWith(".css") ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=preload; as=script; fetchpriority=low`)).join(", ");
}
