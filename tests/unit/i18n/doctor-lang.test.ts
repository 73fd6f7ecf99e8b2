/**
 * The connection doctor in the reader's language (issue 32): every step's sentence, every piece of advice and the
 * summary are kept as a Msg next to their English, and say themselves in Bulgarian and Russian with every
 * placeholder filled; the CLI's text form follows the language it is given.
 */
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/protocol/exchange";
import { diagnosisText, PAGE_WORDS, runDoctor, type Diagnosis } from "@/lib/doctor/ladder";
import { translatorFor } from "@/lib/i18n/catalogues";
import { say, type Msg } from "@/lib/i18n/translate";
import { peer } from "../checks/peer";

const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/;
/** A message from the bridge or the OS is kept as it came: only its advice is translated. */
const AS_IS = new Set(["doctor.d.asIs", "doctor.d.sentence"]);

function failed(
  transport: "stdio" | "http",
  failure: string,
  message: string,
  extra: Partial<Exchange> = {},
): (text: string, o: { label: string }) => Promise<Exchange> {
  return async (_text, o) =>
    ({
      sendId: o.label,
      targetLabel: "t",
      transport,
      timeoutMs: 1000,
      sent: "{}",
      startedAt: 0,
      durationMs: 5,
      received: [],
      events: [],
      outcome: { kind: "failure", failure, message },
      ...extra,
    }) as Exchange;
}

const FAILURES: [string, ReturnType<typeof failed>][] = [
  ["spawn ENOENT", failed("stdio", "spawn", "spawn nope ENOENT")],
  ["spawn EACCES", failed("stdio", "spawn", "spawn /x EACCES")],
  ["spawn other", failed("stdio", "spawn", "spawn failed")],
  [
    "exit with stderr",
    failed("stdio", "exit", "exited", {
      events: [
        { t: 1, kind: "stderr", text: "Error: missing API_KEY" },
        { t: 2, kind: "exit", code: 1, signal: null },
      ],
    } as Partial<Exchange>),
  ],
  [
    "exit silent",
    failed("stdio", "exit", "exited", {
      events: [{ t: 2, kind: "exit", code: null, signal: "SIGKILL" }],
    } as Partial<Exchange>),
  ],
  ["framing", failed("stdio", "framing", "line too long")],
  [
    "junk then silence",
    failed("stdio", "timeout", "no reply", { events: [{ t: 1, kind: "stdout", text: "ready!" }] } as Partial<Exchange>),
  ],
  ["not-json", failed("stdio", "not-json", "bad frame")],
  ["timeout stdio", failed("stdio", "timeout", "no reply")],
  ["timeout http", failed("http", "timeout", "no reply")],
  ["tls", failed("http", "network", "TLS error with a.example: certificate has expired")],
  ["dns", failed("http", "network", "a.example does not resolve")],
  ["refused", failed("http", "network", "nothing is listening at http://127.0.0.1:9/ (connection refused)")],
  ["network", failed("http", "network", "socket hang up")],
  ...[404, 405, 406, 415, 401, 403, 500].map(
    (status) =>
      [
        `http ${status}`,
        failed("http", "http-status", `HTTP ${status}`, { http: { status, headers: [] } } as Partial<Exchange>),
      ] as [string, ReturnType<typeof failed>],
  ),
  ["size", failed("http", "size", "reply over 4 MiB")],
  ["refused by policy", failed("http", "refused", "hosted mode refuses this")],
  ["cancelled", failed("http", "cancelled", "cancelled")],
];

function expectSaid(m: Msg | undefined, english: string, where: string) {
  expect(m, `${where} keeps a Msg`).toBeDefined();
  expect(say(m!), `${where}: English reads as before`).toBe(english);
  for (const lang of ["bg", "ru"] as const) {
    const text = say(m!, translatorFor(lang));
    if (!AS_IS.has(m!.key)) expect(text, `${lang} ${where}: ${english}`).toMatch(CYRILLIC);
    expect(text, `${lang} ${where}`).not.toMatch(PLACEHOLDER);
  }
}

function expectAllSaid(d: Diagnosis, name: string) {
  expectSaid(d.summaryMsg, d.summary, `${name} summary`);
  for (const r of d.rungs) {
    expectSaid(r.detailMsg, r.detail, `${name} ${r.rung} detail`);
    if (r.advice) expectSaid(r.adviceMsg, r.advice, `${name} ${r.rung} advice`);
  }
}

describe("the doctor says every step, advice and summary in the reader's language", () => {
  for (const [name, send] of FAILURES)
    it(`a broken connection: ${name}`, async () => {
      const d = await runDoctor({ label: "t", transport: "http" }, send, { words: PAGE_WORDS });
      expect(d.brokenAt).toBe("connect");
      expectAllSaid(d, name);
    });

  it("a healthy server, a server with a banner, and a list that fails", async () => {
    const healthy = await runDoctor({ label: "peer", transport: "http" }, peer("http").send);
    expect(healthy.brokenAt).toBeUndefined();
    expectAllSaid(healthy, "healthy");
    const banner = await runDoctor(
      { label: "peer", transport: "stdio" },
      peer("stdio", (_f, _o, fallback) => {
        const r = fallback();
        return { ...r, frames: ["server ready", ...r.frames] };
      }).send,
    );
    expect(banner.caveats?.length).toBeGreaterThan(0);
    expectAllSaid(banner, "banner");
    const listFails = await runDoctor(
      { label: "peer", transport: "http" },
      peer("http", (frame, _o, fallback) =>
        frame.method === "prompts/list"
          ? { frames: [{ jsonrpc: "2.0", id: frame.id, error: { code: -32603, message: "boom" } }], status: 200 }
          : fallback(),
      ).send,
    );
    expect(listFails.brokenAt).toBe("lists");
    expectAllSaid(listFails, "list fails");
  });

  it("the CLI's text form is in the language asked for, English by default", async () => {
    const d = await runDoctor({ label: "t", transport: "stdio" }, failed("stdio", "timeout", "no reply"));
    expect(diagnosisText(d)).toMatch(/What to do: Check that the server reads stdin/);
    const bg = diagnosisText(d, translatorFor("bg"));
    expect(bg).toMatch(/^Цел: t \(stdio\)/);
    expect(bg).toMatch(/Какво да направите: Проверете дали server-ът чете stdin/);
    expect(bg).toContain("по-дълъг --timeout");
    expect(diagnosisText(d, translatorFor("ru"))).toMatch(/Что делать: Проверьте, что сервер читает stdin/);
  });
});
