/** `npm run cli -- link …`, run as a real process through the CLI entry (lib/node/cli/main.ts). */
import { describe, expect, it } from "vitest";
import { runCliSync } from "../helpers/cli";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exampleById } from "@/lib/share/examples";
import { exportSessionFile } from "@/lib/share/session-file";

const cli = (...args: string[]) => runCliSync(["link", ...args], 30_000);

describe("npm run cli -- link", () => {
  it("examples prints every gallery example with its link length, and each link decodes back to the transcript", () => {
    const r = cli("examples", "--base", "http://127.0.0.1:3999/");
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(rows.map((row) => row[0])).toContain("dentist-mrtr");
    const [, length, url] = rows.find((row) => row[0] === "dentist-mrtr")!;
    expect(url.startsWith("http://127.0.0.1:3999/#v=1&s=")).toBe(true);
    expect(Number(length)).toBe(url.length - "http://127.0.0.1:3999/".length);
    const decoded = cli("decode", url);
    expect(decoded.code).toBe(0);
    expect(decoded.stdout).toContain(
      '→ tools/call {"_meta":{…},"name":"create_event","arguments":{"title":"Dentist"}}',
    );
  });

  it("encode turns a session file into a link and reports what it left out", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "share-cli-"));
    const file = path.join(dir, "s.json");
    const state = {
      ...exampleById("missing-capability")!.state,
      target: { kind: "stdio" as const, command: "node", args: ["x.js"], env: { API_KEY: "" } },
    };
    writeFileSync(file, exportSessionFile(state).text);
    const r = cli("encode", file);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^http:\/\/127\.0\.0\.1:3000\/#v=1&s=[A-Za-z0-9_-]+\n$/);
  });

  it("a bad link exits 1 with the reason; bad usage exits 2", () => {
    const bad = cli("decode", "#v=9&s=AAAA");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      "could not load this link: it was made by a newer playground (format v9); this one reads formats up to v1\n",
    );
    expect(cli("frobnicate").code).toBe(2);
  });
});
