/**
 * `npm run cli -- send` with the client-emulation flags (the same table as the page and `check`), against the
 * conformance fixture over HTTP, which enforces Mcp-Param-* and lists one tool per tools/list page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttp, type FixtureHttpServer } from "@/tests/fixtures/checks/http.mjs";
import { cli } from "../checks/run-suite";

let fixture: FixtureHttpServer;
beforeAll(async () => {
  fixture = await startHttp({});
});
afterAll(() => fixture.close());

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};
const call = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { _meta: META, name: "echo", arguments: { text: "hi", region: "eu-west" } },
});
const headersOf = (json: string) =>
  (JSON.parse(json) as { events: { kind: string; headers?: [string, string][] }[] }).events.flatMap((e) =>
    e.kind === "http-request" ? e.headers! : [],
  );

describe("cli send with client emulation", () => {
  it("mirrors x-mcp-header arguments by default; --omit-param-headers --no-mrtr sends neither the header nor an input capability, and says so", async () => {
    const plain = await cli(["send", "--url", fixture.url, "--frame", call, "--json"]);
    expect(plain.code).toBe(0);
    expect(headersOf(plain.stdout)).toContainEqual(["Mcp-Param-Region", "eu-west"]);

    const weak = await cli([
      "send",
      "--url",
      fixture.url,
      "--frame",
      call,
      "--json",
      "--omit-param-headers",
      "--no-mrtr",
    ]);
    const sent = JSON.parse(JSON.parse(weak.stdout).sent) as { params: { _meta: Record<string, unknown> } };
    expect(sent.params._meta["io.modelcontextprotocol/clientCapabilities"]).toEqual({});
    expect(headersOf(weak.stdout).filter(([n]) => /^mcp-param-/i.test(n))).toEqual([]);
    expect(JSON.parse(weak.stdout).http.status).toBe(400);
    expect(weak.stderr).toContain(
      "emulating a client: no MRTR support (no input capabilities declared), Mcp-Param-* headers omitted",
    );
    expect(weak.stderr).toContain("Mcp-Param-* headers omitted: Mcp-Param-Region");
  }, 60_000);

  it("--first-page-only: a tool on page 2 of tools/list is not found, so no Mcp-Param-* header can be derived", async () => {
    const second = call.replace('"echo"', '"ask_name"');
    const r = await cli(["send", "--url", fixture.url, "--frame", second, "--json", "--first-page-only"]);
    expect(r.stderr).toContain("ask_name is not on the first page of tools/list: no Mcp-Param-* headers derived");
  }, 60_000);

  it("--help lists every switch with what it does", async () => {
    const r = await cli(["--help"]);
    for (const flag of ["--no-mrtr", "--omit-param-headers", "--first-page-only", "--pin-version <v>"])
      expect(r.stdout).toContain(flag);
  }, 60_000);
});
