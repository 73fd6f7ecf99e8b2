// `npm run cli -- send … --answers answers.json --json` against the real embedded servers, as a user runs it.
import { describe, expect, it } from "vitest";
import { runCliSync } from "../../helpers/cli";
import { toolsCallText } from "../../helpers/frames";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DIR = mkdtempSync(path.join(tmpdir(), "mrtr-cli-"));

function answersFile(name: string, value: unknown): string {
  const file = path.join(DIR, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const cli = (args: string[]) => runCliSync(args, 60_000);

const frame = (
  name: string,
  args: Record<string, unknown>,
  caps: Record<string, unknown> = { elicitation: { form: {} } },
) => toolsCallText(name, args, caps);

const WHEN = answersFile("when.json", { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } });

describe("send --answers", () => {
  it.each([[[] as string[]], [["--http"]]])(
    "drives the chapter's Dentist to completion and prints every round (%o)",
    (extra) => {
      const r = cli([
        "send",
        "--demo",
        "calendar",
        ...extra,
        "--frame",
        frame("create_event", { title: "Dentist" }),
        "--answers",
        WHEN,
        "--json",
      ]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.outcome).toBe("complete");
      expect(report.final).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
      expect(report.rounds.map((x: { kind: string }) => x.kind)).toEqual(["input_required", "complete"]);
      expect(report.rounds[0]).toMatchObject({
        requestStateSent: null,
        requestState: "eyJ0aXRsZSI6IkRlbnRpc3QifQ==",
        inputRequests: [{ key: "when", kind: "elicitation-form" }],
      });
      expect(report.rounds[1]).toMatchObject({ requestStateSent: "eyJ0aXRsZSI6IkRlbnRpc3QifQ==", departures: [] });
      expect(report.rounds[1].sent.params.inputResponses).toEqual({
        when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } },
      });
      expect(report.rounds[1].verdicts.client.map((v: { rule: string; pass: boolean }) => [v.rule, v.pass])).toEqual([
        ["client.new-id", true],
        ["client.echo-state", true],
        ["client.same-request", true],
        ["client.construct-inputs", true],
        ["client.response-shape", true],
        ["client.validate-content", true],
      ]);
      expect(report.rounds[1].exchange.sent).toBe(JSON.stringify(report.rounds[1].sent));
    },
  );

  it("stops at --max-rounds with exit 1 and says why", () => {
    const r = cli([
      "send",
      "--demo",
      "mrtr-scenarios",
      "--frame",
      frame("poll_forever", {}, {}),
      "--answers",
      WHEN,
      "--max-rounds",
      "3",
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split("\n").at(-1)).toBe(
      "round-limit: stopped: the server still answers input_required after 3 rounds (round limit 3). Raise the limit to keep going.",
    );
  });

  it("stops before a retry whose answer is missing from the file", () => {
    const r = cli([
      "send",
      "--demo",
      "calendar",
      "--frame",
      frame("create_event", { title: "Dentist" }),
      "--answers",
      answersFile("other.json", { other: {} }),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'missing-answer: stopped before round 2: the answers have nothing for "when" (asked: "when" (elicitation/create form)).',
    );
  });

  it.each([
    [["--answers", path.join(DIR, "absent.json")], "error: --answers: cannot read"],
    [["--answers", answersFile("bad.json", "not an object")], "error: --answers:"],
    [["--answers", WHEN, "--max-rounds", "0"], "error: --max-rounds must be a whole number from 1 to 50"],
    [["--max-rounds", "3"], "error: --max-rounds goes with --answers"],
  ])("bad input %o is a usage error (exit 2)", (args, message) => {
    const r = cli(["send", "--demo", "calendar", "--frame", frame("create_event", { title: "Dentist" }), ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
