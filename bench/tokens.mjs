#!/usr/bin/env node
// Token bill benchmark: `node --import tsx bench/tokens.mjs [--runs N]`.
// Reports medians (never asserts on time): encoder load in fresh processes, then billing the reference
// catalogue (server-everything after a legacy handshake) and a synthetic 1,000-tool catalogue, against
// js-tiktoken's bare encode of exactly the same texts in the same run, interleaved so drift hits both alike.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);

if (process.argv.includes("--load-once")) {
  // One fresh process: how long until the first count is possible.
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { loadEncoder } = await import("../lib/tokens/encoders.ts");
  const enc = await loadEncoder(process.argv.includes("--cl100k") ? "cl100k_base" : "o200k_base");
  const t1 = performance.now();
  const c1 = process.cpuUsage(c0);
  enc.encode("hello world");
  const t2 = performance.now();
  console.log(JSON.stringify({ loadMs: t1 - t0, loadCpuMs: (c1.user + c1.system) / 1000, firstEncodeMs: t2 - t1, heapMB: process.memoryUsage().heapUsed / 2 ** 20 }));
  process.exit(0);
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

function loads(flag, n) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const r = spawnSync(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname, "--load-once", ...(flag ? [flag] : [])], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    rows.push(JSON.parse(r.stdout.trim().split("\n").at(-1)));
  }
  return { loadMs: median(rows.map((r) => r.loadMs)), loadCpuMs: median(rows.map((r) => r.loadCpuMs)), firstEncodeMs: median(rows.map((r) => r.firstEncodeMs)), heapMB: median(rows.map((r) => r.heapMB)) };
}

const { billCatalogue } = await import("../lib/tokens/bill.ts");
const { loadEncoder, counterOf } = await import("../lib/tokens/encoders.ts");
const { fetchCatalogue } = await import("../lib/tokens/fetch.ts");
const { DEFAULT_BILL_OPTIONS } = await import("../lib/tokens/options.ts");
const { send } = await import("../lib/bridge/server/send.ts");
const { shutdownAll } = await import("../lib/bridge/server/stdio/index.ts");

async function referenceCatalogue() {
  const target = { kind: "demo", server: "everything", transport: "stdio" };
  let n = 0;
  try {
    const fetched = await fetchCatalogue((frame) => send({ sendId: `bench-${++n}`, target, frame, insist: false, timeoutMs: 10_000, processMode: "keep" }), { handshake: "legacy" });
    if (!fetched.ok) throw new Error(fetched.message);
    return fetched.catalogue;
  } finally {
    await shutdownAll();
  }
}

/** Deterministic 1,000-tool catalogue: varied names, prose descriptions, 1–6 typed properties each. */
function syntheticCatalogue(n = 1000) {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const words = "list read write create update delete search fetch calendar event user file folder project issue comment message channel report invoice order customer payment schedule".split(" ");
  const pick = () => words[Math.floor(rnd() * words.length)];
  const sentence = (k) => Array.from({ length: k }, pick).join(" ");
  const tools = Array.from({ length: n }, (_, i) => {
    const props = {};
    const count = 1 + Math.floor(rnd() * 6);
    for (let p = 0; p < count; p++) props[`${pick()}_${p}`] = { type: ["string", "number", "boolean"][p % 3], description: `The ${sentence(4)}.` };
    return {
      name: `${pick()}-${pick()}-${i}`,
      description: `${sentence(8 + Math.floor(rnd() * 20))}. Use it when the user asks to ${sentence(5)}.`,
      inputSchema: { type: "object", properties: props, required: Object.keys(props).slice(0, 1), $schema: "http://json-schema.org/draft-07/schema#" },
    };
  });
  return { pages: [{ tools }], instructions: sentence(300) };
}

/** Wall and CPU time (user + system) of one call; CPU time is what to read on a busy machine. */
function timed(fn) {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = fn();
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(c);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function race(name, catalogue, encoder, runs) {
  const count = counterOf(encoder);
  const texts = [];
  billCatalogue(catalogue, (t) => (texts.push(t), 0), DEFAULT_BILL_OPTIONS);
  const chars = texts.reduce((s, t) => s + t.length, 0);
  const wholeText = texts.filter((t) => t.startsWith("[")).sort((x, y) => y.length - x.length)[0]; // the whole array
  const m = { bill: { wall: [], cpu: [] }, bare: { wall: [], cpu: [] }, whole: { wall: [], cpu: [] } };
  let result;
  for (let i = 0; i < runs + 3; i++) {
    const b = timed(() => billCatalogue(catalogue, count, DEFAULT_BILL_OPTIONS));
    const e = timed(() => {
      for (const text of texts) encoder.encode(text, [], []);
    });
    const w = timed(() => encoder.encode(wholeText, [], []));
    result = b.value;
    if (i < 3) continue; // the first runs warm the JIT
    for (const [k, r] of [["bill", b], ["bare", e], ["whole", w]]) {
      m[k].wall.push(r.wall);
      m[k].cpu.push(r.cpu);
    }
  }
  const med = (k) => ({ wall: median(m[k].wall), cpu: median(m[k].cpu) });
  const [mb, me, mw] = [med("bill"), med("bare"), med("whole")];
  console.log(`\n${name}: ${result.tools} tools, ${result.bytes.toLocaleString("en-US")} bytes, ${result.totalTokens.toLocaleString("en-US")} tokens in all; the bill encodes ${texts.length} texts, ${chars.toLocaleString("en-US")} chars (median of ${runs} runs)`);
  console.log(`  ${"".padEnd(44)} ${"CPU".padStart(10)} ${"wall".padStart(10)}`);
  const row = (label, v, note = "") => console.log(`  ${label.padEnd(44)} ${fmt(v.cpu).padStart(10)} ${fmt(v.wall).padStart(10)}${note}`);
  row("billCatalogue", mb);
  row(`bare encode of the same ${texts.length} texts`, me, `   bill/bare = ${(mb.cpu / me.cpu).toFixed(2)} (CPU), ${(mb.wall / me.wall).toFixed(2)} (wall)`);
  row("bare encode of the whole-array text alone", mw, `   per-tool and per-field split: ${(mb.cpu / mw.cpu).toFixed(1)}x (CPU)`);
}

const runs = arg("--runs", 30);
const { readFileSync } = await import("node:fs");
const tiktokenVersion = JSON.parse(readFileSync(new URL("../node_modules/js-tiktoken/package.json", import.meta.url), "utf8")).version;
console.log(`node ${process.version}, js-tiktoken ${tiktokenVersion}`);
const o200 = loads(null, 7), cl100 = loads("--cl100k", 5);
console.log(`encoder load in a fresh process (import + new Tiktoken), median of 7 / 5:`);
console.log(`  o200k_base  ${fmt(o200.loadMs)} wall, ${fmt(o200.loadCpuMs)} CPU (first encode ${fmt(o200.firstEncodeMs)}, heap ${o200.heapMB.toFixed(0)} MB)`);
console.log(`  cl100k_base ${fmt(cl100.loadMs)} wall, ${fmt(cl100.loadCpuMs)} CPU`);
const encoder = await loadEncoder("o200k_base");
race("reference catalogue (server-everything, legacy handshake)", await referenceCatalogue(), encoder, runs * 3);
race("synthetic catalogue", syntheticCatalogue(1000), encoder, runs);
