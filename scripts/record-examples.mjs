// Records every wire trace of the chapter from REAL servers (the embedded calendar, server-everything) and writes
// lib/share/examples/<id>.json in link format v1. Each example checks, at record time, that the server said what
// the chapter says it says; a mismatch fails the script instead of committing a wrong example.
//
//   node --import tsx scripts/record-examples.mjs [id…]      (from the repository root, after `node scripts/build-servers.mjs`)
//
// It drives the servers through the bridge's own send() (lib/node/bridge/send.ts), so an example is exactly the
// Exchange record the playground shows. Only the spawn argv is normalized ("node", paths relative to the
// repository) so the committed examples do not carry this machine's paths.
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";
import { send, controlProcess } from "../lib/node/bridge/send.ts";
import { shutdownAll } from "../lib/node/bridge/stdio/index.ts";
import { recordExchange } from "../lib/share/state.ts";
import { replyFrame } from "../lib/protocol/exchange.ts";
import { toPayloadV1, defaultShareState } from "../lib/share/v1.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "lib/share/examples");

const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const EVERYTHING = { kind: "demo", server: "everything", transport: "stdio" };
const CALENDAR_APP = { kind: "demo", server: "calendar-app", transport: "stdio" };

const V = "2026-07-28";
const FORM = { elicitation: { form: {} } };
const PLAYGROUND = { name: "mcp-playground", version: "0.1.0" };
const meta = (caps, clientInfo = PLAYGROUND, version = V) => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientCapabilities": caps,
  ...(clientInfo ? { "io.modelcontextprotocol/clientInfo": clientInfo } : {}),
});
const frame = (id, method, params) =>
  JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const result = (x) => replyFrame(x)?.result;
const error = (x) => replyFrame(x)?.error;

function expect(cond, what) {
  if (!cond) throw new Error(`recorded exchange does not match the chapter: ${what}`);
}

// Token bill (chapter: o200k_base of {name, description, inputSchema} written like Python's json.dumps).
const pyDumps = (v) =>
  v === null || typeof v !== "object"
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? "[" + v.map(pyDumps).join(", ") + "]"
      : "{" +
        Object.keys(v)
          .filter((k) => v[k] !== undefined)
          .map((k) => JSON.stringify(k) + ": " + pyDumps(v[k]))
          .join(", ") +
        "}";
let encoder;
const tokens = (text) => (encoder ??= new Tiktoken(o200k_base)).encode(text).length;

/** Each step: a frame (text, or a function of the previous exchanges), optional label, fresh process, verdicts. */
/** The Dentist round trip: the call without a date, and its retry answering the form with the echoed requestState. */
const dentistCall = (id, caps = FORM) =>
  frame(id, "tools/call", { _meta: meta(caps), name: "create_event", arguments: { title: "Dentist" } });
const dentistRetry = (prev) =>
  frame(2, "tools/call", {
    _meta: meta(FORM),
    name: "create_event",
    arguments: { title: "Dentist" },
    inputResponses: { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } },
    requestState: result(prev[0]).requestState,
  });
/** A step that books the Dentist at `startsAt` in one call, and expects the calendar's third event (e3) back. */
const bookDentist = (label, id, caps, startsAt) => ({
  label,
  frame: frame(id, "tools/call", {
    _meta: meta(caps),
    name: "create_event",
    arguments: { title: "Dentist", startsAt },
  }),
  check: (x) => expect(result(x)?.structuredContent?.id === "e3", "event e3 created"),
});

const EXAMPLES = [
  {
    id: "legacy-bare-tools-list",
    title: "A bare tools/list, served by a legacy server with no handshake",
    about:
      "The chapter's first command: one tools/list line, no initialize, no _meta. The reference server (server-everything 2026.8.31, a legacy server) answers it anyway with its catalogue. Under 2026-07-28 this request is invalid and a compliant server must reject it with -32602; a legacy server serving an era-ambiguous method is exactly the risk the spec's probe-first rule exists for.",
    target: EVERYTHING,
    capabilities: {},
    steps: [
      {
        frame: frame(1, "tools/list"),
        check: (x) => expect(result(x)?.tools?.length === 12, "12 tools without a handshake"),
        verdicts: (x) => [
          {
            level: "warn",
            text: `Served without a handshake: ${result(x).tools.length} tools. A 2026-07-28 server must answer -32602 (no _meta envelope).`,
          },
          {
            level: "info",
            text: "The 13th tool (simulate-research-query) appears only after notifications/initialized.",
          },
        ],
      },
    ],
  },
  {
    id: "modern-tools-list",
    title: "The full modern tools/list, _meta envelope and all",
    about:
      "A correct 2026-07-28 request carries its protocol version and client capabilities in params._meta, every time. The chapter shows the envelope in full once; here it is against the embedded calendar server, which answers with resultType and cache hints (ttlMs, cacheScope).",
    target: CALENDAR,
    capabilities: FORM,
    steps: [
      {
        frame: frame(2, "tools/list", { _meta: meta(FORM, { name: "bare-hands", version: "0.0.1" }) }),
        check: (x) =>
          expect(
            result(x)?.resultType === "complete" && result(x).tools[0].name === "create_event",
            "complete tools/list with create_event",
          ),
        verdicts: (x) => [
          {
            level: "pass",
            text: `resultType "${result(x).resultType}", ${result(x).tools.length} tool, ttlMs ${result(x).ttlMs}, cacheScope "${result(x).cacheScope}".`,
          },
        ],
      },
    ],
  },
  {
    id: "discover-legacy-fallback",
    title: "server/discover against the reference server: -32601, then initialize",
    about:
      'The probe a modern client must run first. server-everything does not know server/discover (-32601 Method not found), which the compatibility rule reads as "legacy": fall back to the initialize handshake. Asked for 2026-07-28, the server answers 2025-11-25.',
    target: EVERYTHING,
    capabilities: {},
    steps: [
      {
        label: "probe: server/discover",
        frame: frame(1, "server/discover", { _meta: meta({}, null) }),
        check: (x) => expect(error(x)?.code === -32601, "-32601 on server/discover"),
        verdicts: () => [
          {
            level: "info",
            text: "-32601 Method not found: not a DiscoverResult and not a modern error, so a legacy server. Fall back to initialize.",
          },
        ],
      },
      {
        label: "fallback: initialize",
        frame: frame(1, "initialize", {
          protocolVersion: V,
          capabilities: {},
          clientInfo: { name: "bare-hands", version: "0.0.1" },
        }),
        check: (x) => expect(result(x)?.protocolVersion === "2025-11-25", "initialize answers 2025-11-25"),
        verdicts: (x) => [
          {
            level: "warn",
            text: `Asked for ${V}, answered ${result(x).protocolVersion}: the reference server does not implement the current revision.`,
          },
        ],
      },
    ],
  },
  {
    id: "missing-envelope",
    title: "-32602: a request without the _meta envelope",
    about:
      "The same bare tools/list that the legacy server served, sent to a 2026-07-28 server on a connection that has already made a modern request. Each request must carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities in _meta; without them the server answers -32602 Invalid params. (The calendar is dual-era, built on SDK v2: the first request on a connection decides its era, so as the very first message a claim-less tools/list is served as a legacy request.)",
    target: CALENDAR,
    capabilities: FORM,
    steps: [
      {
        label: "a modern request first",
        frame: frame(1, "tools/list", { _meta: meta(FORM) }),
        check: (x) => expect(result(x)?.resultType === "complete", "modern tools/list result"),
        verdicts: () => [
          {
            level: "info",
            text: 'A request with the envelope: answered with resultType "complete"; this connection now speaks 2026-07-28.',
          },
        ],
      },
      {
        label: "tools/list without _meta",
        frame: frame(2, "tools/list", {}),
        check: (x) => expect(error(x)?.code === -32602, "-32602 without _meta"),
        verdicts: () => [
          { level: "pass", text: "-32602: the server rejected a request with no envelope, as 2026-07-28 requires." },
        ],
      },
    ],
  },
  {
    id: "missing-capability",
    title: "-32021: the tool needs a capability the client did not declare",
    about:
      "create_event without a date needs to ask the human (elicitation). This request declares no client capabilities, so the server may not ask: it answers -32021 MissingRequiredClientCapability and names what is missing in data.requiredCapabilities.",
    target: CALENDAR,
    capabilities: {},
    steps: [
      {
        frame: dentistCall(1, {}),
        check: (x) =>
          expect(
            error(x)?.code === -32021 && error(x).data?.requiredCapabilities?.elicitation,
            "-32021 naming elicitation",
          ),
        verdicts: (x) => [
          {
            level: "pass",
            text: `-32021, requiredCapabilities ${JSON.stringify(error(x).data.requiredCapabilities)}: declare it in _meta and retry.`,
          },
        ],
      },
    ],
  },
  {
    id: "unsupported-version",
    title: "-32022: a protocol version the server does not speak",
    about:
      "The envelope names 2025-11-25, a legacy revision, inside a modern request. The server answers -32022 UnsupportedProtocolVersion and lists the versions it does speak in data.supported, so the client can retry with one of them.",
    target: CALENDAR,
    capabilities: FORM,
    protocolVersion: "2025-11-25",
    steps: [
      {
        frame: frame(1, "tools/list", { _meta: meta(FORM, PLAYGROUND, "2025-11-25") }),
        check: (x) =>
          expect(error(x)?.code === -32022 && Array.isArray(error(x).data?.supported), "-32022 with data.supported"),
        verdicts: (x) => [
          {
            level: "pass",
            text: `-32022, supported ${JSON.stringify(error(x).data.supported)}: retry with one of those.`,
          },
        ],
      },
    ],
  },
  {
    id: "calendar-three-ways",
    title: "One calendar, three primitives: resource, prompt, tool",
    about:
      "The same calendar exposed three ways, one per primitive, split by who decides: the application attaches the resource (resources/read calendar://week, cacheable), the human picks the prompt (prompts/get prepare_week), the model calls the tool (tools/call create_event).",
    target: CALENDAR,
    capabilities: FORM,
    steps: [
      {
        label: "resource (the application decides)",
        frame: frame(1, "resources/read", { _meta: meta(FORM), uri: "calendar://week" }),
        check: (x) => expect(result(x)?.contents?.[0]?.uri === "calendar://week", "calendar://week contents"),
        verdicts: (x) => [
          {
            level: "info",
            text: `${JSON.parse(result(x).contents[0].text).length} events; ttlMs ${result(x).ttlMs}, cacheScope "${result(x).cacheScope}".`,
          },
        ],
      },
      {
        label: "prompt (the human decides)",
        frame: frame(2, "prompts/get", { _meta: meta(FORM), name: "prepare_week", arguments: { focus: "deep work" } }),
        check: (x) =>
          expect(result(x)?.messages?.[0]?.content?.text?.includes("deep work"), "prompt rendered with the focus"),
      },
      bookDentist("tool (the model decides)", 3, FORM, "2026-09-10T08:30:00Z"),
    ],
  },
  {
    id: "calendar-app-way",
    title: "…and a fourth way: the calendar's week as an MCP App",
    about:
      "The calendar with an MCP App (io.modelcontextprotocol/ui): tools/list binds show_week to ui://calendar/week.html in _meta.ui.resourceUri, the host reads that resource (text/html;profile=mcp-app) and renders it in a sandbox, the tool's structuredContent is what the view shows, and the view's form calls create_event through the host. Open the Apps tab on the calendar-app target to run it live.",
    target: CALENDAR_APP,
    capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } },
    steps: [
      {
        label: "tools/list: show_week carries _meta.ui.resourceUri",
        frame: frame(1, "tools/list", {
          _meta: meta({ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } }),
        }),
        check: (x) =>
          expect(
            result(x)?.tools?.some(
              (t) => t.name === "show_week" && t._meta?.ui?.resourceUri === "ui://calendar/week.html",
            ),
            "show_week bound to its app",
          ),
      },
      {
        label: "the host reads the app (the application decides)",
        frame: frame(2, "resources/read", { _meta: meta({}), uri: "ui://calendar/week.html" }),
        check: (x) => expect(result(x)?.contents?.[0]?.mimeType === "text/html;profile=mcp-app", "the app's MIME type"),
      },
      {
        label: "the host runs the tool; its result goes to the view",
        frame: frame(3, "tools/call", { _meta: meta({}), name: "show_week", arguments: {} }),
        check: (x) => expect(result(x)?.structuredContent?.events?.length === 2, "the seeded week"),
      },
      bookDentist("the view's form calls create_event through the host", 4, {}, "2026-09-10T10:00:00Z"),
    ],
  },
  {
    id: "dentist-mrtr",
    title: "The Dentist round trip: input_required, then a retry that completes",
    about:
      'Multi round-trip requests (MRTR): create_event without a date does not make the server send a request of its own. It answers resultType "input_required" with an elicitation form and an opaque requestState. The client asks the human, then re-sends the original call with a new id, inputResponses and the echoed requestState, and the call completes.',
    target: CALENDAR,
    capabilities: FORM,
    steps: [
      {
        label: "round 1",
        frame: dentistCall(1),
        check: (x) =>
          expect(
            result(x)?.resultType === "input_required" && result(x).inputRequests?.when,
            "input_required asking 'when'",
          ),
        verdicts: (x) => [
          {
            level: "info",
            text: `input_required: the server asks for ${Object.keys(result(x).inputRequests).join(", ")} and carries requestState ${result(x).requestState}.`,
          },
        ],
      },
      {
        label: "round 2 (retry)",
        frame: dentistRetry,
        check: (x) =>
          expect(
            result(x)?.resultType === "complete" &&
              result(x).content?.[0]?.text === "Created e3: Dentist at 2026-09-10T08:30:00Z",
            "complete: Created e3",
          ),
        verdicts: () => [
          { level: "pass", text: "complete: the retry carried inputResponses and the echoed requestState." },
        ],
      },
    ],
  },
  {
    id: "isolation-abc",
    title: "Three processes: B finishes what A started, C has lost the event",
    about:
      "Each message runs in a fresh process of the calendar server. Process B, which never saw the question, completes the round trip process A started, because requestState carries the continuation. Process C reads the calendar and the created event is gone: the toy server keeps its events in a module-level array, and module-level state is connection state.",
    target: CALENDAR,
    capabilities: FORM,
    steps: [
      {
        label: "process A",
        fresh: true,
        frame: dentistCall(1),
        check: (x) => expect(result(x)?.resultType === "input_required", "A: input_required"),
        verdicts: (x) => [{ level: "info", text: `input_required; requestState ${result(x).requestState}` }],
      },
      {
        label: "process B",
        fresh: true,
        frame: dentistRetry,
        check: (x) => expect(result(x)?.resultType === "complete", "B: complete"),
        verdicts: (x) => [
          { level: "pass", text: `complete in a process that never saw the question: "${result(x).content[0].text}"` },
        ],
      },
      {
        label: "process C",
        fresh: true,
        frame: frame(3, "resources/read", { _meta: meta(FORM), uri: "calendar://week" }),
        check: (x) => expect(JSON.parse(result(x).contents[0].text).length === 2, "C: 2 events"),
        verdicts: (x) => [
          {
            level: "fail",
            text: `events: ${JSON.parse(result(x).contents[0].text).length} (${JSON.parse(result(x).contents[0].text)
              .map((e) => e.title)
              .join(", ")}): the event B created is gone. Module-level state is connection state.`,
          },
        ],
      },
    ],
  },
  {
    id: "token-bill",
    title: "The token bill of the reference server's catalogue",
    about:
      "What connecting one server costs before it is used: every tool's name, description and inputSchema goes into the prompt on every turn, plus the server's instructions. server-everything after a full handshake with empty client capabilities, counted with o200k_base the way the chapter counts (each definition written like Python's json.dumps).",
    target: EVERYTHING,
    capabilities: {},
    era: "legacy",
    protocolVersion: "2025-11-25",
    steps: [
      {
        label: "initialize",
        frame: frame(1, "initialize", { protocolVersion: V, capabilities: {}, clientInfo: PLAYGROUND }),
        check: (x) => expect(typeof result(x)?.instructions === "string", "instructions in the initialize result"),
        verdicts: (x) => [
          {
            level: "info",
            text: `server instructions: ${tokens(result(x).instructions).toLocaleString("en-US")} tokens (o200k_base).`,
          },
        ],
      },
      {
        label: "notifications/initialized",
        frame: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      },
      {
        label: "tools/list",
        frame: frame(2, "tools/list"),
        check: (x) => expect(result(x)?.tools?.length === 13, "13 tools after the handshake"),
        verdicts: (x, prev) => {
          const defs = result(x).tools.map((t) => ({
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema,
          }));
          const per = defs.map((d) => [d.name, tokens(pyDumps(d))]).sort((a, b) => a[1] - b[1]);
          const total = tokens(pyDumps(defs));
          const instructions = tokens(result(prev[0]).instructions);
          const bytes = Buffer.byteLength(JSON.stringify(result(x).tools));
          return [
            {
              level: "info",
              text: `${defs.length} tool definitions (name + description + inputSchema): ${total.toLocaleString("en-US")} tokens; the tools array is ${bytes.toLocaleString("en-US")} bytes.`,
            },
            {
              level: "info",
              text: `cheapest tool, ${per[0][0]}: ${per[0][1]} tokens; costliest, ${per.at(-1)[0]}: ${per.at(-1)[1]} tokens.`,
            },
            {
              level: "warn",
              text: `one server, connected, before it is used: ${(total + instructions).toLocaleString("en-US")} tokens in every prompt.`,
            },
          ];
        },
      },
    ],
  },
];

/** Paths of this machine → what any checkout would show. */
function normalizeArgv(argv) {
  return argv.map((a, i) =>
    i === 0 && a === process.execPath ? "node" : a.startsWith(root + path.sep) ? path.relative(root, a) : a,
  );
}

let sendCounter = 0;
async function record(example) {
  // A fresh process per example: the calendar's events and a connection's era must not leak between examples.
  await controlProcess("close", example.target);
  const exchanges = [];
  const recorded = [];
  try {
    for (const step of example.steps) {
      const text = typeof step.frame === "function" ? step.frame(exchanges) : step.frame;
      const x = await send({
        sendId: `record-${++sendCounter}`,
        target: example.target,
        frame: text,
        insist: false,
        timeoutMs: 10_000,
        processMode: step.fresh ? "fresh" : "keep",
      });
      x.events = x.events.map((e) =>
        e.kind === "spawn"
          ? { ...e, argv: normalizeArgv(e.argv), ...(e.cwd ? { cwd: path.relative(root, e.cwd) || "." } : {}) }
          : e,
      );
      step.check?.(x, exchanges);
      exchanges.push(x);
      recorded.push(recordExchange(x, { label: step.label, verdicts: step.verdicts?.(x, exchanges) }));
    }
  } finally {
    await controlProcess("close", example.target);
  }
  const state = {
    ...defaultShareState(),
    title: example.title,
    about: example.about,
    target: example.target,
    editor: exchanges.at(-1).sent,
    capabilities: example.capabilities,
    exchanges: recorded,
  };
  if (example.era) state.era = example.era;
  if (example.protocolVersion) state.protocolVersion = example.protocolVersion;
  return { id: example.id, payload: toPayloadV1(state) };
}

mkdirSync(outDir, { recursive: true });
const only = process.argv.slice(2);
for (const example of EXAMPLES) {
  if (only.length > 0 && !only.includes(example.id)) continue;
  const started = Date.now();
  const out = await record(example);
  writeFileSync(path.join(outDir, `${example.id}.json`), JSON.stringify(out, null, 2) + "\n");
  console.log(
    `recorded ${example.id} (${example.steps.length} exchange${example.steps.length === 1 ? "" : "s"}) in ${Date.now() - started} ms`,
  );
}
await shutdownAll();
