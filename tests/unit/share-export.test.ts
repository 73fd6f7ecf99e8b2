import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { curlForFrame, curlForRecordedRequest, paramHeaders, requiredHeaders, shellQuote } from "@/lib/share/curl";
import { EXAMPLES, exampleById } from "@/lib/share/examples";
import { importMcpServers, stripJsonc } from "@/lib/share/mcp-servers";
import { exportSessionFile, importSessionFile } from "@/lib/share/session-file";
import { markdownTranscript } from "@/lib/share/transcript";
import { toolsCallFrame } from "../helpers/frames";
import { expectRefusal, shareStateFor } from "../helpers/share";

describe("session files", () => {
  it.each(EXAMPLES.map((e) => [e.id, e] as const))("export → import gives back the same state: %s", (_id, example) => {
    const file = exportSessionFile(example.state, { now: new Date("2026-09-07T10:00:00Z") });
    const back = importSessionFile(file.text);
    expect(back).toEqual({ ok: true, state: example.state, version: 1 });
  });

  it("the file names the format and version and holds the same v1 payload as a link", () => {
    const file = exportSessionFile(exampleById("dentist-mrtr")!.state, { now: new Date("2026-09-07T10:00:00Z") });
    const json = JSON.parse(file.text);
    expect(json.format).toBe("mcp-playground-session");
    expect(json.version).toBe(1);
    expect(json.exportedAt).toBe("2026-09-07T10:00:00.000Z");
    expect(json.state.exchanges).toHaveLength(2);
    expect(file.fileName).toBe("mcp-the-dentist-round-trip-input-required-then-a-ret-2026-09-07-10-00-00.json");
  });

  it("secrets are stripped from the file as from a link", () => {
    const state = shareStateFor({
      kind: "http",
      url: "http://127.0.0.1:1/mcp",
      headers: { Authorization: "Bearer file-secret-123" },
    });
    const file = exportSessionFile(state);
    expect(file.text).not.toContain("file-secret-123");
    expect(file.omitted).toEqual(["target header Authorization (credentials are never shared)"]);
  });

  it.each([
    ["not JSON", "{nope", /not valid JSON/],
    ["a cut file", '{"format":"mcp-playground-session","version":1,"state":{', /file is incomplete/],
    ["another JSON file", '{"name":"package"}', /not a playground session file/],
    ["a newer version", '{"format":"mcp-playground-session","version":9,"state":{}}', /newer playground \(format v9\)/],
    [
      "a bad version",
      '{"format":"mcp-playground-session","version":"1","state":{}}',
      /"version" must be a whole number/,
    ],
    ["a bad state", '{"format":"mcp-playground-session","version":1,"state":{"era":"x"}}', /field era is invalid/],
  ])("importing %s fails with a reason", (_label, text, reason) => {
    expectRefusal(importSessionFile(text), reason);
  });
});

describe("Markdown transcript in the chapter's arrow style", () => {
  it("the MRTR round trip reads like the chapter: → request, ← result, verdicts below", () => {
    const md = markdownTranscript(exampleById("dentist-mrtr")!.state);
    expect(md).toContain("# The Dentist round trip: input\\_required, then a retry that completes");
    expect(md).toContain('→ tools/call {"_meta":{…},"name":"create_event","arguments":{"title":"Dentist"}}');
    expect(md).toMatch(/← \{"resultType":"input_required","inputRequests":\{"when":/);
    expect(md).toContain('← {"content":[{"type":"text","text":"Created e3: Dentist at 2026-09-10T08:30:00Z"}]');
    expect(md).toContain("## 2. round 2 (retry) (calendar (stdio),");
    expect(md).toContain("- ✓ complete: the retry carried inputResponses and the echoed requestState.");
  });

  it("an exchange sent under client emulation says so, with what the emulation changed in the frame", () => {
    const state = { ...exampleById("missing-capability")!.state };
    state.exchanges = [
      {
        ...state.exchanges[0],
        emulation: {
          text: "no MRTR support (no input capabilities declared)",
          changes: ["clientCapabilities: elicitation removed"],
        },
      },
    ];
    const md = markdownTranscript(state);
    expect(md).toContain(
      "- Emulating: no MRTR support (no input capabilities declared) — clientCapabilities: elicitation removed",
    );
    expect(markdownTranscript(exampleById("missing-capability")!.state)).not.toContain("Emulating");
    // The session's own switches are named at the top, only those switched on.
    const top = markdownTranscript({ ...state, emulate: { noMrtr: true, firstPageOnly: false } });
    expect(top).toMatch(/- Client emulation: no MRTR support[^\n]*\n/);
    expect(top).not.toContain("first page");
  });

  it("errors read as `← error <code> <message>`", () => {
    expect(markdownTranscript(exampleById("discover-legacy-fallback")!.state)).toContain(
      "← error -32601 Method not found",
    );
  });

  it("a frame full of backticks cannot close its code fence early, and headings cannot inject markup", () => {
    const state = { ...exampleById("missing-capability")!.state };
    state.title = "<script>alert(1)</script> [x](javascript:1)";
    state.exchanges = [{ ...state.exchanges[0], sent: "````\n# injected" }];
    const md = markdownTranscript(state);
    expect(md).toContain("# \\<script\\>alert(1)\\</script\\> \\[x\\](javascript:1)");
    expect(md).toMatch(/`````text\n→ \(not JSON\) ````\n# injected/);
  });
});

describe("copy as curl", () => {
  const call = JSON.stringify(
    toolsCallFrame("get_weather", { location: "New York", region: "us-west1", units: null }, {}, 3),
  );
  const weather = {
    name: "get_weather",
    inputSchema: {
      type: "object",
      properties: {
        location: { type: "string" },
        region: { type: "string", "x-mcp-header": "Region" },
        units: { type: "string", "x-mcp-header": "Units" },
      },
    },
  };

  it("a tools/call carries every required header: Accept, Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*", () => {
    expect(requiredHeaders(call, [weather]).headers).toEqual([
      ["Accept", "application/json, text/event-stream"],
      ["Content-Type", "application/json"],
      ["MCP-Protocol-Version", "2026-07-28"],
      ["Mcp-Method", "tools/call"],
      ["Mcp-Name", "get_weather"],
      ["Mcp-Param-Region", "us-west1"],
    ]);
  });

  it.each([
    [
      "resources/read names the uri",
      { method: "resources/read", params: { uri: "calendar://week" } },
      ["Mcp-Name", "calendar://week"],
    ],
    [
      "prompts/get names the prompt",
      { method: "prompts/get", params: { name: "prepare_week" } },
      ["Mcp-Name", "prepare_week"],
    ],
    [
      "a non-ASCII name is Base64-encoded",
      { method: "tools/call", params: { name: "Hello, 世界" } },
      ["Mcp-Name", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    ],
  ])("%s", (_label, frame, header) => {
    expect(requiredHeaders(JSON.stringify({ jsonrpc: "2.0", id: 1, ...frame })).headers).toContainEqual(header);
  });

  it("an Mcp-Param value that is not plain ASCII is Base64-encoded like Mcp-Name (SEP-2243)", () => {
    const r = paramHeaders(
      { region: "Zürich" },
      { properties: { region: { type: "string", "x-mcp-header": "Region" } } },
    );
    expect(r.headers).toEqual([["Mcp-Param-Region", "=?base64?WsO8cmljaA==?="]]);
  });

  it("x-mcp-header on a number property or with an invalid name is ignored, with a note", () => {
    const r = paramHeaders(
      { n: 1.5, ok: true },
      {
        properties: { n: { type: "number", "x-mcp-header": "N" }, ok: { type: "boolean", "x-mcp-header": "Bad Name" } },
      },
    );
    expect(r.headers).toEqual([]);
    expect(r.notes).toHaveLength(2);
  });

  it.each([
    ["plain word", "abc", "abc"],
    ["space", "a b", "'a b'"],
    ["single quote", "it's", "'it'\\''s'"],
    ["command substitution", "$(touch /tmp/pwned)", "'$(touch /tmp/pwned)'"],
    ["backticks and semicolons", "`id`; rm -rf /", "'`id`; rm -rf /'"],
  ])("shell quoting: %s", (_label, arg, quoted) => {
    expect(shellQuote(arg)).toBe(quoted);
  });

  it("the quoted command reaches the program byte for byte through a real shell (markup, quotes, $, newlines)", () => {
    const nasty = `{"x":"it's $(echo pwned) \`id\` \\"q\\" \n second line; & | > <"}`;
    const { command } = curlForFrame("http://127.0.0.1:9/mcp?a=1&b=2", nasty, { extraHeaders: [["X-Note", "a'b"]] });
    // Replace curl with a printer of its argv; the shell parses the rest exactly as it would for curl.
    const printed = execFileSync("sh", [
      "-c",
      `printargs() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command.replace(/^curl/, "printargs")}`,
    ]).toString();
    const argv = printed.split("\0").slice(0, -1);
    expect(argv).toContain(nasty);
    expect(argv).toContain("http://127.0.0.1:9/mcp?a=1&b=2");
    expect(argv).toContain("X-Note: a'b");
  });

  it.each([
    ["an option as the URL", "-o/tmp/pwned"],
    ["an option with a space", "--output /tmp/pwned"],
    ["a config file", "-K/etc/passwd"],
    ["a URL followed by an option", "http://127.0.0.1:9/mcp -o /tmp/pwned"],
  ])("a recorded URL is never read as a curl option (%s): it goes in as --url '<url>'", (_label, url) => {
    const command = curlForRecordedRequest({
      t: 0,
      kind: "http-request",
      method: "POST",
      url,
      headers: [],
      added: [],
      body: "{}",
    });
    expect(command.split(" \\\n")[0]).toBe(`curl -sS -X POST --url '${url}'`);
    const printed = execFileSync("sh", [
      "-c",
      `printargs() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command.replace(/^curl/, "printargs")}`,
    ]).toString();
    const argv = printed.split("\0").slice(0, -1);
    expect(argv.slice(0, 5)).toEqual(["-sS", "-X", "POST", "--url", url]);
  });

  it("a recorded request is replayed with exactly its headers (minus Host/Content-Length)", () => {
    const cmd = curlForRecordedRequest({
      t: 0,
      kind: "http-request",
      method: "POST",
      url: "http://127.0.0.1:3000/api/demo/calendar",
      headers: [
        ["Accept", "application/json, text/event-stream"],
        ["Content-Length", "12"],
        ["Mcp-Method", "tools/list"],
      ],
      added: [],
      body: "{}",
    });
    expect(cmd).toBe(
      "curl -sS -X POST --url 'http://127.0.0.1:3000/api/demo/calendar' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -H 'Mcp-Method: tools/list' \\\n  --data-raw '{}'",
    );
  });
});

describe("import targets from an mcpServers block", () => {
  it("reads a desktop host's block with stdio, url+headers and typed http entries", () => {
    const r = importMcpServers(`{
      // Claude Desktop style, with a comment and trailing commas
      "mcpServers": {
        "everything": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything", "stdio"], "env": { "DEBUG": "1", "PORT": 3001 }, "cwd": "/tmp", },
        "remote": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
        "typed": { "type": "streamable-http", "url": "http://127.0.0.1:3000/api/demo/calendar" },
      },
    }`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.servers.map((s) => [s.name, s.target])).toEqual([
      [
        "everything",
        {
          kind: "stdio",
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-everything", "stdio"],
          cwd: "/tmp",
          env: { DEBUG: "1", PORT: "3001" },
        },
      ],
      [
        "remote",
        { kind: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ${input:token}" } },
      ],
      ["typed", { kind: "http", url: "http://127.0.0.1:3000/api/demo/calendar" }],
    ]);
    expect(r.servers[0].warnings).toEqual(['env PORT was number; it is used as the string "3001"']);
    expect(r.servers[1].warnings).toEqual([
      "header Authorization contains ${input:token}, which the playground does not expand",
    ]);
  });

  it.each([
    [
      "a single stdio entry",
      `{"command":"node","args":["server.js"]}`,
      { kind: "stdio", command: "node", args: ["server.js"] },
    ],
    ["a single url entry", `{"url":"http://127.0.0.1:9/mcp"}`, { kind: "http", url: "http://127.0.0.1:9/mcp" }],
    [
      "an entry copied without outer braces",
      `"cal": {"command":"node","args":["cal.mjs"]}`,
      { kind: "stdio", command: "node", args: ["cal.mjs"] },
    ],
    [
      "VS Code's servers block",
      `{"servers":{"x":{"type":"stdio","command":"uvx","args":["mcp-x"]}}}`,
      { kind: "stdio", command: "uvx", args: ["mcp-x"] },
    ],
    [
      "Windsurf's serverUrl",
      `{"mcpServers":{"w":{"serverUrl":"https://w.example/mcp"}}}`,
      { kind: "http", url: "https://w.example/mcp" },
    ],
  ])("accepts %s", (_label, text, target) => {
    const r = importMcpServers(text);
    expect(r.ok && r.servers[0].target).toEqual(target);
  });

  it.each([
    ["empty input", "", /paste an mcpServers block/],
    ["not JSON", "{command: node}", /not JSON/],
    ["a JSON array", "[1]", /expected a JSON object/],
    ["an entry with neither command nor url", `{"mcpServers":{"a":{"foo":1}}}`, /a: the entry has neither a command/],
    ["a file: URL", `{"mcpServers":{"a":{"url":"file:///etc/passwd"}}}`, /must start with http/],
    [
      "args that are not strings",
      `{"mcpServers":{"a":{"command":"x","args":[1]}}}`,
      /args must be an array of strings/,
    ],
    [
      "an unknown transport type",
      `{"mcpServers":{"a":{"type":"websocket","url":"http://x"}}}`,
      /type "websocket" is not one/,
    ],
  ])("rejects %s with a reason", (_label, text, reason) => {
    expectRefusal(importMcpServers(text), reason);
  });

  it("one bad entry does not hide the good ones", () => {
    const r = importMcpServers(`{"mcpServers":{"good":{"command":"node"},"bad":{"command":1}}}`);
    expect(r.ok && r.servers.map((s) => s.name)).toEqual(["good"]);
    expect(r.ok && r.problems).toEqual(["bad: the entry has neither a command (stdio) nor a url (HTTP)"]);
  });

  it("comment markers inside strings are data, not comments", () => {
    expect(stripJsonc(`{"url":"http://x/a//b", "c": "/* no */", }`)).toBe(`{"url":"http://x/a//b", "c": "/* no */" }`);
  });
});
