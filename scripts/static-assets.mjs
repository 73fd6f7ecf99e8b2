// The frame editor's chunks in the production build (Monaco and its JSON mode), named so the playground page's
// answer can ask the browser to fetch them while it still reads the HTML (a Link preload header), not after
// hydration imports them (lib/node/host/app.ts sends it). Also what scripts/precompress.mjs compresses.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** What is worth compressing (fonts and images already are). */
export const COMPRESSIBLE = new Set([".js", ".css", ".json", ".map", ".svg", ".txt"]);

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
  for (const name of readdirSync(chunksDir))
    if (name.endsWith(".js")) scripts.set(`static/chunks/${name}`, readFileSync(path.join(chunksDir, name), "utf8"));
  const sets = [];
  for (const [name, text] of scripts)
    for (const m of text.matchAll(CHUNK_SET)) sets.push({ in: name, files: JSON.parse(`[${m[1]}]`) });
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
  return [
    ...files.filter((f) => f.endsWith(".js")).sort((a, b) => size(b) - size(a)),
    ...files.filter((f) => f.endsWith(".css")),
  ].map((f) => `/_next/${f}`);
}

/** The Link header value that asks for `files` early (low priority: the page's own first scripts go first). */
export function preloadLinkHeader(files) {
  return files
    .map((f) =>
      f.endsWith(".css") ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=preload; as=script; fetchpriority=low`,
    )
    .join(", ");
}
