// The agreement table's logic (lib/checks/conformance.ts): reading the official suite's checks.json, setting aside
// what the server cannot be judged on, comparing with our verdicts and rendering the rows docs/checks.md shows.
import { describe, expect, it } from "vitest";
import {
  agreementTable,
  compare,
  groupRows,
  parseAgreementData,
  parseOfficialChecks,
  readOfficial,
  readOurs,
  type AgreementData,
  type Measurement,
  type ServerFacts,
} from "@/lib/checks/conformance";

const calendar: ServerFacts = {
  capabilities: { tools: { listChanged: true }, prompts: {}, resources: {} },
  names: ["create_event"],
};

describe("reading the official suite's checks.json", () => {
  it("keeps id, status, errorMessage and details; refuses a file that is not a list of checks, naming the item", () => {
    const checks = parseOfficialChecks(
      JSON.stringify([{ id: "ping", status: "SUCCESS", timestamp: "t", details: { x: 1 } }]),
    );
    expect(checks).toEqual([{ id: "ping", status: "SUCCESS", details: { x: 1 } }]);
    expect(() => parseOfficialChecks("{}")).toThrow("checks.json is not an array");
    expect(() => parseOfficialChecks('[{"id":"a","status":"SUCCESS"},{"status":"FAILURE"}]')).toThrow("item 1");
  });

  it("a scenario for a capability the server does not declare is n/a, whatever the suite printed", () => {
    const r = readOfficial(
      "completion-complete",
      [{ id: "completion-complete", status: "FAILURE", errorMessage: "Failed: Method not found" }],
      calendar,
    );
    expect(r).toEqual({ verdict: "n/a", detail: "`completions` not declared (the suite printed fail)" });
  });

  it("a scenario that calls the suite's own fixture is n/a, even when the suite printed a pass (a false pass)", () => {
    const r = readOfficial("tools-call-simple-text", [{ id: "tools-call-simple-text", status: "SUCCESS" }], calendar);
    expect(r).toEqual({
      verdict: "n/a",
      detail: "needs the suite's fixture `test_simple_text` (the suite printed pass)",
    });
  });

  it("inside a scenario that applies, checks that miss a fixture are set aside by name and the rest decide", () => {
    const r = readOfficial(
      "server-stateless",
      [
        { id: "sep-2575-server-implements-discover", status: "SUCCESS" },
        {
          id: "sep-2575-server-no-log-without-loglevel",
          status: "FAILURE",
          errorMessage: "Not testable: server does not list the diagnostic tool 'test_logging_tool'",
          details: { untestable: true },
        },
        {
          id: "sep-2575-server-sends-tools-list-changed-on-subscription",
          status: "WARNING",
          errorMessage: "Mutated the tool list but no notifications/tools/list_changed arrived",
        },
      ],
      calendar,
    );
    expect(r).toEqual({
      verdict: "pass",
      detail:
        "1 check passed; set aside (fixture or capability absent): sep-2575-server-no-log-without-loglevel, sep-2575-server-sends-tools-list-changed-on-subscription",
    });
  });

  it("a real failure counts, in the suite's words", () => {
    const r = readOfficial(
      "dns-rebinding-protection",
      [
        {
          id: "localhost-host-rebinding-rejected",
          status: "FAILURE",
          errorMessage: "Expected HTTP 4xx for invalid Host/Origin headers, got 200",
        },
        { id: "localhost-host-valid-accepted", status: "SUCCESS" },
      ],
      calendar,
    );
    expect(r).toEqual({
      verdict: "fail",
      detail: "localhost-host-rebinding-rejected: Expected HTTP 4xx for invalid Host/Origin headers, got 200",
    });
  });
});

describe("our verdict on the same rule", () => {
  it("is the worst status of our checks for it; a scenario with no check of ours is 'none'", () => {
    const ours = [
      { id: "C54", status: "pass" as const },
      { id: "C73", status: "fail" as const },
    ];
    expect(readOurs(["C54", "C73"], ours)).toEqual({ verdict: "fail", detail: "C54 pass, C73 fail" });
    expect(readOurs([], ours)).toEqual({ verdict: "none", detail: "no check" });
  });
});

describe("comparing and grouping", () => {
  const m = (server: string, official: Measurement["official"], ours: Measurement["ours"]): Measurement => ({
    server,
    revision: "2026-07-28",
    scenario: "caching",
    official,
    ours,
  });

  it("equal verdicts agree; different ones take the judgement, else they stay open and say how to judge them", () => {
    const pass = { verdict: "pass" as const, detail: "8 checks passed" };
    expect(compare(m("a", pass, { verdict: "pass", detail: "C15 pass" }), {}).agreement).toBe("agree");
    const differ = m("a", { verdict: "fail", detail: "x" }, { verdict: "skip", detail: "C15 skip" });
    expect(compare(differ, {})).toMatchObject({ agreement: "disagree", right: "open" });
    expect(compare(differ, { "caching@2026-07-28": { right: "ours", why: "input_required" } })).toMatchObject({
      right: "ours",
      why: "input_required",
    });
  });

  it("servers with the same outcome share one row", () => {
    const pass = { verdict: "pass" as const, detail: "8 checks passed" };
    const ours = { verdict: "pass" as const, detail: "C15 pass" };
    const rows = groupRows(
      [m("a", pass, ours), m("b", pass, ours), m("c", { verdict: "fail", detail: "x" }, ours)],
      {},
    );
    expect(rows.map((r) => [r.servers, r.agreement])).toEqual([
      [["a", "b"], "agree"],
      [["c"], "disagree"],
    ]);
  });
});

describe("the table docs/checks.md shows", () => {
  const data: AgreementData = {
    suite: "@modelcontextprotocol/conformance@0.2.0-alpha.12",
    node: "22.23.5",
    measured: "2026-12-01",
    servers: [{ name: "calendar", how: "embedded" }],
    rows: groupRows(
      [
        {
          server: "calendar",
          revision: "2026-07-28",
          scenario: "dns-rebinding-protection",
          official: { verdict: "pass", detail: "2 checks passed" },
          ours: { verdict: "pass", detail: "C54 pass, C73 pass" },
        },
        {
          server: "calendar",
          revision: "2026-07-28",
          scenario: "completion-complete",
          official: { verdict: "n/a", detail: "`completions` not declared (the suite printed fail)" },
          ours: { verdict: "pass", detail: "C11 pass" },
        },
      ],
      {},
    ),
  };

  it("has a summary and one row per scenario with both verdicts and who is right; a | in a detail cannot break a row", () => {
    const table = agreementTable({
      ...data,
      rows: [...data.rows, { ...data.rows[0], official: { verdict: "pass", detail: "a | b" } }],
    });
    expect(table).toContain("3 rows (scenario × revision × outcome): **2 agree**, **1** where the suite's verdict");
    expect(table).toContain(
      "| dns-rebinding-protection | 2026-07-28 | calendar | pass: 2 checks passed | C54 pass, C73 pass → pass | agree | both |",
    );
    expect(table).toContain("| completion-complete | 2026-07-28 | calendar | n/a: `completions` not declared");
    expect(table).toContain("| suite n/a | **ours**: without the capability -32601 is the right answer");
    expect(table).toContain("pass: a \\| b |");
  });

  it("the committed data file is read back as written; a broken one is refused with the field", () => {
    expect(parseAgreementData(JSON.stringify(data))).toEqual(data);
    expect(() => parseAgreementData(JSON.stringify({ ...data, rows: [{ scenario: 1 }] }))).toThrow(
      "row 0 lacks scenario, servers or official",
    );
    expect(() => parseAgreementData(JSON.stringify({ ...data, node: 22 }))).toThrow("node is not a string");
  });
});
