// Renders bench/results.json as the Markdown table in bench/README.md.
const ms = (s) => (s ? `${s.median} ms (p10 ${s.p10} – p90 ${s.p90}, n=${s.n})` : "—");

export function renderTable(r) {
  const rows = [];
  const row = (...cells) => rows.push(`| ${cells.join(" | ")} |`);
  row("figure", "measured", "target");
  row("---", "---", "---");
  for (const [name, o] of Object.entries(r.bridgeOverhead ?? {})) {
    row(`tools/list, ${name}: direct stdio client (kept-up process)`, ms(o.direct), "");
    if (o.relayFloor) row(`tools/list, ${name}: minimal relay process (bench/relay-floor.mjs: HTTP in, stdio out, nothing else) — the floor`, `${ms(o.relayFloor.roundTrip)} → +${o.relayFloor.addedMs} ms, **${o.relayFloor.ratio}×**`, "");
    row(`tools/list, ${name}: POST /api/bridge/send via \`next start\``, `${ms(o.next.roundTrip)} → +${o.next.addedMs} ms, **${o.next.ratio}×** (${o.next.ratioToRelayFloor ?? "–"}× the floor)`, "≤ 1.5×");
    if (o.fast) row(`tools/list, ${name}: POST /api/bridge/send via scripts/serve.mjs (npm run start:fast)`, `${ms(o.fast.roundTrip)} → +${o.fast.addedMs} ms, **${o.fast.ratio}×** (${o.fast.ratioToRelayFloor ?? "–"}× the floor)`, "≤ 1.5×");
    row(`… of which inside the bridge (exchange.durationMs), ${name}`, `next ${o.next.bridgeInternalMs.median} ms${o.fast ? `, fast ${o.fast.bridgeInternalMs.median} ms` : ""}`, "");
    row(`Next's own floor: POST /api/bridge/cancel (no process), ${name} run`, ms(o.nextTrivialRoute), "");
    if (o.inspector) {
      row(`tools/list, ${name}: **MCP Inspector ${o.inspector.version}** backend (POST /api/mcp/send until the reply is on its events stream)`, `${ms(o.inspector.roundTrip)} → +${o.inspector.addedMs} ms, **${o.inspector.ratio}×**`, "");
      row(`… ours ÷ Inspector's, ${name}`, `next start ${o.next.vsInspector}×${o.fast ? `, serve.mjs **${o.fast.vsInspector}×**` : ""}`, "< 1×");
    }
  }
  if (r.loopbackHttpRoundTripMs) row("bare loopback HTTP round trip (the floor's HTTP part)", ms(r.loopbackHttpRoundTripMs), "");
  const f = r.freshProcess;
  if (f) {
    row("calendar: bare spawn → first response (a small client process)", ms(f.bareSpawnToFirstResponse), "");
    for (const k of ["next", "fast"]) {
      const o = f[k];
      if (!o) continue;
      const via = k === "next" ? "`next start`" : "serve.mjs";
      row(`fresh-process send via ${via}: bridge start → reply line`, `${ms(o.sendToReplyMs)} → **${o.ratioToReply}×** bare`, "≤ 1.05×");
      row(`fresh-process send via ${via}: whole message (until the process exited on stdin EOF)`, `${ms(o.perMessageViaRoute)} → ${o.ratioWholeMessage}× bare`, "");
      row(`… spawn() blocking the bridge process via ${via}`, ms(o.spawnCallMs), "");
    }
  }
  const t = r.tokenBill;
  if (t?.todo || t?.failed) row("token bill", `TODO: ${t.todo ?? t.failed}`, "≤ 1.1× bare js-tiktoken");
  for (const name of ["reference", "synthetic1000"]) {
    const o = t?.[name];
    if (!o) continue;
    const label = name === "reference" ? `reference catalogue (server-everything, ${o.tools} tools, ${o.totalTokens} tokens)` : `synthetic catalogue (${o.tools} tools, ${o.totalTokens} tokens)`;
    row(`token bill, ${label}`, `${ms(o.billMs)} → **${o.ratio}×** a bare encode of the same ${o.textsEncodedByTheBill} texts (${ms(o.bareEncodeSameTextsMs)})`, "≤ 1.1×");
    row(`… the same bill vs encoding only the prompt text (no per-field breakdown)`, `${o.ratioToPromptOnly}× (${ms(o.bareEncodePromptOnlyMs)})`, "");
  }
  if (t?.encoderLoadMs !== undefined) row("token bill: loading the o200k_base encoder (once per process)", `${t.encoderLoadMs} ms`, "");
  const p = r.page;
  if (p && !p.skipped) {
    row("first-load JS of / (Monaco lazy), gzipped", `${p.firstLoadJs.gzipKB} KB in ${p.firstLoadJs.files} files (${p.firstLoadJs.rawKB} KB raw)`, "≤ 200 KB");
    row("navigation → editor ready (headless Chromium, warm server, cold browser context)", ms(p.navigationToEditorReadyMs), "≤ 300 ms");
    row("navigation → page hydrated", ms(p.navigationToHydratedMs), "");
    row("requests leaving 127.0.0.1", String(p.requestsLeavingLoopback), "0");
  } else if (p?.skipped) row("page", `skipped: ${p.skipped}`, "");
  const pp = r.peerPage;
  if (pp && !pp.skipped) {
    row(`**MCP Inspector ${pp.version}** page: first-load JS, gzipped`, `${pp.firstLoadJs.gzipKB} KB in ${pp.firstLoadJs.files} files (${pp.firstLoadJs.rawKB} KB raw)`, "");
    row(`**MCP Inspector ${pp.version}** page: navigation → first interactive screen (server list)`, ms(pp.navigationToInteractiveMs), "");
    if (p?.navigationToEditorReadyMs) row("… ours (editor ready) ÷ Inspector's (first interactive screen)", `${Math.round((p.navigationToEditorReadyMs.median / pp.navigationToInteractiveMs.median) * 100) / 100}×`, "≤ 1×");
  }
  if (r.peer?.unavailable) row("MCP Inspector (peer)", `not measured: ${r.peer.unavailable}`, "");
  const l = r.load;
  if (l?.http) {
    row(
      `load: ${l.sends} concurrent sends → in-app HTTP calendar`,
      `${l.http.throughputPerSecond}/s, p50 ${l.http.p50Ms} ms, p99 ${l.http.p99Ms} ms, errors ${l.http.errors}, ${l.http.queued} queued (peak ${l.http.peakRunning} running)`,
      "0 errors",
    );
  }
  if (l?.fresh) {
    row(`load: ${l.freshRuns} concurrent fresh-process runs`, `p50 ${l.fresh.p50Ms} ms, p99 ${l.fresh.p99Ms} ms, errors ${l.fresh.errors}, leftover processes ${l.fresh.leftoverProcesses}`, "0 errors, 0 left");
  }
  if (l?.failed) row("load", l.failed, "");
  return `Measured ${r.when} on ${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}.\n\n${rows.join("\n")}`;
}
