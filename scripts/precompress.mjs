// After `next build`: a brotli (quality 11) and a gzip (level 9) copy beside every compressible build asset of
// 1 KiB or more, which the playground's server sends as they are (lib/node/host/app.ts). Done once here because
// brotli's best quality takes seconds on Monaco's 3.6 MB chunk — too slow for a request, cheap for a build.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { COMPRESSIBLE } from "./static-assets.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

export async function precompress(staticDir) {
  const todo = [...files(staticDir)].filter((f) => COMPRESSIBLE.has(path.extname(f)) && statSync(f).size >= 1024);
  let raw = 0;
  let br = 0;
  await Promise.all(
    todo.map(async (file) => {
      const body = readFileSync(file);
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      };
      const [b, g] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })]);
      writeFileSync(`${file}.br`, b);
      writeFileSync(`${file}.gz`, g);
      raw += body.length;
      br += b.length;
    }),
  );
  return { files: todo.length, rawKB: Math.round(raw / 1024), brotliKB: Math.round(br / 1024) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const started = Date.now();
  const r = await precompress(path.join(root, ".next", "static"));
  console.log(
    `precompressed ${r.files} build assets: ${r.rawKB} KB → ${r.brotliKB} KB brotli (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
