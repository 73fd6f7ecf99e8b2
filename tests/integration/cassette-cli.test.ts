/** `npm run cli -- cassette | mock` on what a user hands them: session files, links, bad files. Real processes. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { sentText } from "@/lib/protocol/exchange";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { encodeShareFragment } from "@/lib/share/codec";
import { exampleById } from "@/lib/share/examples";
import { LEFT_OUT } from "@/lib/share/secrets";
import { toPayloadV1 } from "@/lib/share/v1";
import { parseCassetteText } from "@/lib/cassette/format";
import { runCli } from "../helpers/cli";

const dir = mkdtempSync(path.join(tmpdir(), "cassette-cli-"));

describe("npm run cli -- cassette", () => {
  it("makes a cassette from a session file, stripping a secret the file still holds and saying so on stderr", async () => {
    const example = exampleById("dentist-mrtr")!.state;
    const secret = "sk-proj-abcdefghijklmnop1234";
    // Written by hand (not by exportSessionFile, which would strip it): the cassette must strip it itself.
    const withToken = {
      ...example,
      exchanges: example.exchanges.map((x) => ({
        ...x,
        sent: sentText(x).replace('"Dentist"', JSON.stringify(secret)),
      })),
    };
    const file = path.join(dir, "session.json");
    writeFileSync(
      file,
      JSON.stringify({
        format: "mcp-playground-session",
        version: 1,
        exportedAt: "2026-12-01T00:00:00.000Z",
        state: toPayloadV1(withToken),
      }),
    );
    expect(JSON.stringify(toPayloadV1(withToken))).toContain(secret);
    const r = await runCli(["cassette", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(secret);
    expect(r.stdout).toContain(LEFT_OUT);
    expect(r.stderr).toContain("left out: ");
    const parsed = parseCassetteText(r.stdout);
    expect(parsed.ok && parsed.cassette.source).toBe("session file");
  });

  it("makes a cassette from a share link", async () => {
    const { fragment } = await encodeShareFragment(exampleById("dentist-mrtr")!.state);
    const out = path.join(dir, "from-link.json");
    const r = await runCli(["cassette", `http://127.0.0.1:3000/${fragment}`, "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`wrote ${out} (from a share link)`);
    const parsed = parseCassetteText(readFileSync(out, "utf8"));
    expect(parsed.ok && parsed.cassette.targets[0].era).toBe("modern");
  });

  it("refuses a file it cannot read with the reason and exit 1, and bad usage with exit 2", async () => {
    const bad = path.join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({ format: "mcp-playground/cassette", version: 1, targets: [], interactions: [] }),
    );
    const r = await runCli(["mock", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `could not serve the cassette: ${bad}: targets: Too small: expected array to have >=1 items\n`,
    );
    const other = path.join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ hello: "world" }));
    const o = await runCli(["cassette", other]);
    expect(o.code).toBe(1);
    expect(o.stderr).toMatch(/is none of what a cassette is made from: a cassette/);
    expect((await runCli(["mock", bad, "--port", "80"])).code).toBe(2);
  });
});

describe("issue 43, low 11: deep recordings made elsewhere are refused by name, not by a stack overflow", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const request = (params: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"a":${params}}}`;

  it("a JSON Lines transcript with a line nested 100,000 deep: exit 1, naming the line and the depth limit", async () => {
    const file = path.join(dir, "deep.jsonl");
    writeFileSync(file, `${request("1")}\n${request(deep(100_000))}\n`);
    const r = await runCli(["mock", file]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 1,
      stderr: `could not serve the cassette: ${file} is not JSON, and not a JSON Lines transcript: line 2 nests deeper than 64 levels\n`,
    });
  });

  it("an mcp-recorder cassette with a request nested 100,000 deep: exit 1, naming the depth limit", async () => {
    const file = path.join(dir, "deep-recorder.json");
    const interaction = `{"type":"jsonrpc_request","request":${request(deep(100_000))},"response":null}`;
    writeFileSync(file, `{"version":"1.0","metadata":{},"interactions":[${interaction}]}`);
    const r = await runCli(["cassette", file]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 1,
      stderr: `could not make a cassette: ${file}: it nests deeper than 64 levels\n`,
    });
  });
});

describe("issue 43, info: a cassette's label reaches the terminal with its control characters escaped", () => {
  it("ESC sequences (window title, clear screen), a bell and a right-to-left override print as \\uXXXX, never raw", async () => {
    const label = "calc\u001b]0;pwned\u0007\u001b[2J\u202egnp.exe";
    const file = path.join(dir, "ansi.json");
    const cassette = {
      format: "mcp-playground/cassette",
      version: 1,
      targets: [{ label, transport: "stdio", era: "modern", protocolVersion: "2026-07-28", handshake: "none" }],
      interactions: [
        {
          target: 0,
          request: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
          response: { jsonrpc: "2.0", id: 1, result: { tools: [] } },
        },
      ],
    };
    writeFileSync(file, JSON.stringify(cassette));
    const shown = String.raw`calc\u001b]0;pwned\u0007\u001b[2J\u202egnp.exe`;
    const made = await runCli(["cassette", file, "--out", path.join(dir, "ansi-out.json")]);
    expect(made.code).toBe(0);
    expect(made.stderr).toContain(`target 0: ${shown} (stdio; modern 2026-07-28, handshake none): 1 interaction\n`);
    const served = await runCli(["mock", file], { stdin: "" });
    expect(served.code).toBe(0);
    expect(served.stderr).toContain(`mock: serving replay of ${shown} (modern 2026-07-28) over stdio\n`);
    for (const out of [made.stderr, served.stderr]) expect(out).not.toMatch(/[\u0007\u001b\u202e]/);
  });
});
