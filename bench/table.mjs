// Renders bench/results.json as the Markdown table in bench/README.md.
const ms = (s) => (s ? `${s.median} ms (p10 ${s.p10} – p90 ${s.p90}, n=${s.n})` : "—");

const spread = (s) => `${s.p10}–${s.p90} ms`;

/** The side-by-side block: each contender's round trip, its ratio over the direct client and over Inspector's. */
function sideBySide(name, o) {
  const lines = [
    `**tools/list to ${name}** (kept-up stdio process; n=${o.direct.n} each, interleaved)`,
    "",
    "| contender | median | p10–p90 | over direct | ÷ Inspector |",
    "| --- | --- | --- | --- | --- |",
  ];
  const add = (label, s, ratio, vs, bold = false) => {
    const b = (text) => (bold ? `**${text}**` : text);
    lines.push(
      `| ${label} | ${b(`${s.median} ms`)} | ${spread(s)} | ${b(`${ratio}×`)} | ${vs === undefined ? "" : b(`${vs}×`)} |`,
    );
  };
  add("direct stdio client (no bridge: the floor)", o.direct, "1.00");
  if (o.relayFloor)
    add(
      "minimal relay process (bench/relay-floor.mjs: HTTP in, stdio out, nothing else)",
      o.relayFloor.roundTrip,
      o.relayFloor.ratio,
    );
  if (o.inspector)
    add(
      `MCP Inspector ${o.inspector.version} backend (send, reply on its events stream)`,
      o.inspector.roundTrip,
      o.inspector.ratio,
      "1.00",
    );
  if (o.fast)
    add(
      "**ours, `npm start`** (scripts/serve.mjs: bridge routes on node:http)",
      o.fast.roundTrip,
      o.fast.ratio,
      o.fast.vsInspector,
      true,
    );
  // Since issue 25 the key "next" holds npm start's server (one Hono app) when there is no second one ("fast").
  if (o.fast)
    add("ours through `next start` (Next's route pipeline)", o.next.roundTrip, o.next.ratio, o.next.vsInspector);
  else
    add(
      "**ours, `npm start`** (dist-servers/server.mjs: one Hono app, pages through Next)",
      o.next.roundTrip,
      o.next.ratio,
      o.next.vsInspector,
      true,
    );
  const ours = o.fast ?? o.next;
  const added = o.inspector
    ? ` Added over direct: ours ${ours.addedMs} ms, Inspector's ${o.inspector.addedMs} ms → **${Math.round((ours.addedMs / o.inspector.addedMs) * 100) / 100}×** Inspector's added time (aim ≤ 0.8×).`
    : "";
  lines.push(
    "",
    o.fast
      ? `Inside the bridge (exchange.durationMs): npm start ${o.fast.bridgeInternalMs.median} ms, next start ${o.next.bridgeInternalMs.median} ms. Next's cheapest route (POST /api/bridge/cancel of nothing): ${ms(o.nextTrivialRoute)}.${added}`
      : `Inside the bridge (exchange.durationMs): ${o.next.bridgeInternalMs.median} ms. The same server's cheapest route (POST /api/bridge/cancel of nothing): ${ms(o.nextTrivialRoute)}.${added}`,
    "",
  );
  return lines.join("\n");
}

/** bench/page.mjs's result: ours (frame usable, Monaco ready) against Inspector's first interactive screen. */
function pagesSideBySide(p) {
  if (p.failed) return `**Pages**: not measured (${p.failed})\n`;
  const first = p.inspector.firstInteractiveMs;
  const over = (s) => (first ? `${Math.round((s.median / first.median) * 100) / 100}×` : "");
  const lines = [
    `**Pages in cold Chromium** (${p.loads} cold loads each, interleaved; ours on \`npm start\`'s server)`,
    "",
    "| | median | p10–p90 | ÷ Inspector's first interactive | aim |",
    "| --- | --- | --- | --- | --- |",
  ];
  lines.push(
    `| ours: frame usable (readable, editable; a send asked for is kept) | **${p.ours.frameUsableMs.median} ms** | ${spread(p.ours.frameUsableMs)} | **${over(p.ours.frameUsableMs)}** | ≤ ${p.aims.frameUsableOverInspector.aim}× |`,
  );
  if (p.ours.sendLiveMs)
    lines.push(
      `| ours: send live (hydrated: a send goes out at once) | ${p.ours.sendLiveMs.median} ms | ${spread(p.ours.sendLiveMs)} | ${over(p.ours.sendLiveMs)} | |`,
    );
  lines.push(
    `| ours: Monaco ready | ${p.ours.monacoReadyMs.median} ms | ${spread(p.ours.monacoReadyMs)} | ${over(p.ours.monacoReadyMs)} | ≤ ${p.aims.monacoReadyOverInspector.aim}× |`,
  );
  if (first)
    lines.push(
      `| MCP Inspector ${p.inspector.version}: first interactive screen | ${first.median} ms | ${spread(first)} | 1.00× | |`,
    );
  else lines.push(`| MCP Inspector ${p.inspector.version} | not measured: ${p.inspector.unavailable} | | | |`);
  const js = (f) => `${f.gzipKB} KB gzip in ${f.files} files`;
  lines.push(
    `| first-load JS | ours ${js(p.ours.firstLoadJs)}${p.inspector.firstLoadJs ? `; Inspector ${js(p.inspector.firstLoadJs)}` : ""} | | | ≤ ${p.aims.firstLoadJsGzipKB.aim} KB |`,
  );
  lines.push(
    "",
    `Requests leaving 127.0.0.1: ours ${p.ours.requestsLeavingLoopback}, Inspector ${p.inspector.requestsLeavingLoopback ?? "n/a"}.`,
    "",
  );
  return lines.join("\n");
}

const round1 = (n) => Math.round(n * 10) / 10;

export function renderTable(r) {
  const blocks = Object.entries(r.bridgeOverhead ?? {}).map(([name, o]) => sideBySide(name, o));
  if (r.pages) blocks.push(pagesSideBySide(r.pages));
  const rows = [];
  const row = (...cells) => rows.push(`| ${cells.join(" | ")} |`);
  row("figure", "measured", "target");
  row("---", "---", "---");
  if (r.loopbackHttpRoundTripMs)
    row("bare loopback HTTP round trip (the floor's HTTP part)", ms(r.loopbackHttpRoundTripMs), "");
  const f = r.freshProcess;
  if (f) {
    row("calendar: bare spawn → first response (a small client process)", ms(f.bareSpawnToFirstResponse), "");
    for (const k of ["next", "fast"]) {
      const o = f[k];
      if (!o) continue;
      const via = k === "fast" ? "serve.mjs" : f.fast ? "`next start`" : "`npm start`";
      row(
        `fresh-process send via ${via}: bridge start → reply line`,
        `${ms(o.sendToReplyMs)} → **${o.ratioToReply}×** bare`,
        "≤ 1.05×",
      );
      row(
        `fresh-process send via ${via}: whole message (until the process exited on stdin EOF)`,
        `${ms(o.perMessageViaRoute)} → ${o.ratioWholeMessage}× bare`,
        "",
      );
      row(`… spawn() blocking the bridge process via ${via}`, ms(o.spawnCallMs), "");
    }
  }
  const t = r.tokenBill;
  if (t?.todo || t?.failed) row("token bill", `TODO: ${t.todo ?? t.failed}`, "≤ 1.1× bare js-tiktoken");
  for (const name of ["reference", "synthetic1000"]) {
    const o = t?.[name];
    if (!o) continue;
    const label =
      name === "reference"
        ? `reference catalogue (server-everything, ${o.tools} tools, ${o.totalTokens} tokens)`
        : `synthetic catalogue (${o.tools} tools, ${o.totalTokens} tokens)`;
    row(
      `token bill, ${label}${t.carriedFrom ? ` (from the run of ${t.carriedFrom.slice(0, 10)}; not re-run)` : ""}`,
      `${ms(o.billMs)} → **${o.ratio}×** a bare encode of the same ${o.textsEncodedByTheBill} texts (${ms(o.bareEncodeSameTextsMs)})`,
      "≤ 1.1×",
    );
    row(
      `… the same bill vs encoding only the prompt text (no per-field breakdown)`,
      `${o.ratioToPromptOnly}× (${ms(o.bareEncodePromptOnlyMs)})`,
      "",
    );
  }
  if (t?.encoderLoadMs !== undefined)
    row("token bill: loading the o200k_base encoder (once per process)", `${t.encoderLoadMs} ms`, "");
  if (r.peer?.unavailable) row("MCP Inspector (peer)", `not measured: ${r.peer.unavailable}`, "");
  const l = r.load;
  const carried = l?.carriedFrom ? ` (from the run of ${l.carriedFrom.slice(0, 10)}; not re-run)` : "";
  if (l?.http) {
    row(
      `load: ${l.sends} concurrent sends → in-app HTTP calendar${carried}`,
      `${l.http.throughputPerSecond}/s, p50 ${l.http.p50Ms} ms, p99 ${l.http.p99Ms} ms, errors ${l.http.errors}, ${l.http.queued} queued (peak ${l.http.peakRunning} running)`,
      "0 errors",
    );
  }
  if (l?.fresh) {
    row(
      `load: ${l.freshRuns} concurrent fresh-process runs${carried}`,
      `p50 ${l.fresh.p50Ms} ms, p99 ${l.fresh.p99Ms} ms, errors ${l.fresh.errors}, leftover processes ${l.fresh.leftoverProcesses}`,
      "0 errors, 0 left",
    );
  }
  if (l?.failed) row("load", l.failed, "");
  const c = r.coldStart;
  if (c?.bare) {
    row('cold start: bare `node -e ""` (spawn → exit)', ms(c.bare), "");
    for (const [name, s] of Object.entries(c.servers))
      row(`cold start: ${name}, spawn → first tools/list reply`, `${ms(s)} → **${s.overBare}×** bare`, "≤ 2.5×");
  } else if (c?.failed) row("cold start", c.failed, "");
  const fs = r.firstStart;
  if (fs?.launchUrlS !== undefined)
    row(
      "first `npm start` on a fresh copy (no .next): until the launch URL is printed",
      `**${fs.launchUrlS} s** (type check ${fs.typeCheck}; Next compile ${fs.nextCompileS} s, then ${fs.afterCompileS} s to precompress, precompress ${fs.precompressS} s; load ${round1(fs.loadAverageAtStart)} at its start)`,
      "≤ 150 s on 2 idle cores",
    );
  else if (fs?.failed) row("first `npm start`", fs.failed, "");
  const load = r.machine.loadAverage;
  const loadNote = load
    ? ` Load average (1 min) ${load.start} at the start, ${load.end} at the end (2 cores shared with other work: compare ratios within the run, not milliseconds across runs).`
    : "";
  return `Measured ${r.when} on ${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}.${loadNote}\n\n${blocks.join("\n")}\n${rows.join("\n")}`;
}
