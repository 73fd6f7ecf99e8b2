/**
 * What the playground finds wrong, in the chapter's languages (issue 32): the cache rule violations, a task's
 * problems, the argument form's lines against the inputSchema and the auth findings' details are kept as a Msg
 * next to their English (the CLI and the checks read the English), so the page says them in the reader's language
 * with every value (a method, a cursor, a URL, a field name) as it came. So are the Share dialog's lines on what a
 * link leaves out (the link itself keeps the English lines).
 */
import { describe, expect, it } from "vitest";
import { finding } from "@/lib/auth/findings";
import { hintViolations, pageScopeViolation } from "@/lib/cache/rules/violations";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say, type Msg, type Translate } from "@/lib/i18n/translate";
import { checkArguments } from "@/lib/session/args-check";
import { stripSecrets } from "@/lib/share/secrets";
import { readTask } from "@/lib/tasks/shapes";
import { shareStateFor } from "../../helpers/share";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const MODERN = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/list",
  params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
};
const reply = (result: object) => ({ jsonrpc: "2.0", id: 1, result: { resultType: "complete", ...result } });

/** Every kind of violation, once. */
function violations() {
  return [
    ...hintViolations(MODERN, reply({ tools: [] })),
    ...hintViolations(MODERN, reply({ tools: [], ttlMs: -5, cacheScope: "shared" })),
    ...hintViolations(MODERN, reply({ tools: [], ttlMs: 1.5, cacheScope: "public" })),
    ...hintViolations(MODERN, reply({ tools: [], ttlMs: "soon", cacheScope: "public" })),
    ...hintViolations(MODERN, {
      jsonrpc: "2.0",
      id: 1,
      result: { resultType: "input_required", ttlMs: 1, cacheScope: "public" },
    }),
    pageScopeViolation("tools/list", { cursor: "c2", scope: "public" }, [
      { cursor: null, scope: "private" },
      { cursor: "c3", scope: "private" },
    ])!,
  ];
}

/** Every problem a task object can have, once. */
function taskProblems(): Msg[] {
  return [
    ...readTask(null).problemMsgs,
    ...readTask({ taskId: "", status: "done", createdAt: "yesterday", ttlMs: -1, pollIntervalMs: 0 }).problemMsgs,
    ...readTask({ taskId: "t", status: "completed", createdAt: "2026-01-01T00:00:00Z" }).problemMsgs,
    ...readTask({ taskId: "t", status: "failed", createdAt: "2026-01-01T00:00:00Z", ttlMs: null }).problemMsgs,
    ...readTask({ taskId: "t", status: "input_required", createdAt: "2026-01-01T00:00:00Z", ttlMs: null }).problemMsgs,
  ];
}

const FINDINGS = [
  finding("PRM_NOT_FOUND", { key: "auth.finding.prmNotFound", values: { urls: "https://a.example/x" } }),
  finding("NO_REGISTRATION_PATH", { key: "auth.finding.noRegistrationPath" }),
  finding("INVALID_TOKEN_ACCEPTED", { key: "auth.finding.invalidAccepted" }),
  finding("AUDIENCE_NOT_ENFORCED", {
    key: "auth.finding.audienceAccepted",
    values: { label: "calendar", url: "https://b.example/mcp", aud: '"https://c.example"' },
  }),
  finding("PKCE_S256_NOT_ADVERTISED", { key: "auth.finding.noS256", values: { methods: '["plain"]' } }),
];

/** What is left once identifiers (field names, methods, URLs, JSON) are taken out: must be the language's words. */
const words = (text: string) =>
  text.replace(/https?:\/\/\S+|"[^"]*"|\[[^\]]*\]|[\w./:-]*[/_.:][\w./:-]*|\b[a-z]+[A-Z]\w*|\b[A-Z]{2,}\w*\b/g, "");
const ENGLISH = /\b(the|is|not|a|an|was|must|without|carries|treated|answered|accepted|no|but)\b/;

function saysIt(texts: string[], t: Translate) {
  for (const text of texts) {
    expect(text, text).toMatch(/[а-яА-Я]/);
    expect(text, text).not.toMatch(/[{}]\s*$|\{[a-z]+\}/);
    expect(words(text), `${text} (${t === bg ? "bg" : "ru"})`).not.toMatch(ENGLISH);
  }
}

describe("the cache rule violations, in Bulgarian and Russian", () => {
  it("English is what it was", () => {
    expect(violations().map((v) => v.message)).toEqual([
      "tools/list answered a 2026-07-28 request without ttlMs.",
      "tools/list answered a 2026-07-28 request without cacheScope.",
      "ttlMs is -5; treated as 0.",
      'cacheScope is "shared"; treated as private.',
      "ttlMs is 1.5, not an integer.",
      'ttlMs is "soon"; treated as 0.',
      "This input_required result carries ttlMs and cacheScope.",
      "tools/list cursor c2 is public, but the first page (private), cursor c3 (private).",
    ]);
  });

  it("every violation is said in the language, with the values as they came", () => {
    for (const t of [bg, ru])
      saysIt(
        violations().map((v) => say(v.messageMsg!, t)),
        t,
      );
    const last = violations().at(-1)!.messageMsg!;
    expect(say(last, bg)).toBe("tools/list: cursor c2 е public, а първата страница (private), cursor c3 (private).");
    expect(say(last, ru)).toBe("tools/list: cursor c2 — public, но первая страница (private), cursor c3 (private).");
  });
});

describe("a task's problems, in Bulgarian and Russian", () => {
  it("English is what it was (the CLI prints problems)", () => {
    expect(readTask({ taskId: "t", status: "done", createdAt: "yesterday" }).problems).toEqual(
      readTask({ taskId: "t", status: "done", createdAt: "yesterday" }).problemMsgs.map((m) => say(m)),
    );
    expect(readTask(null).problems).toEqual(["the task is not an object"]);
  });

  it("every problem is said in the language, field names kept", () => {
    for (const t of [bg, ru])
      saysIt(
        taskProblems().map((m) => say(m, t)),
        t,
      );
    expect(taskProblems().length).toBeGreaterThanOrEqual(10);
    expect(say(readTask({ taskId: "t", status: "working", createdAt: "x" }).problemMsgs[0], ru)).toBe(
      "createdAt должен быть меткой времени ISO 8601",
    );
  });
});

describe("the argument form's lines against the inputSchema, in Bulgarian and Russian (zod's own locales)", () => {
  const SCHEMA = {
    type: "object",
    properties: { title: { type: "string", minLength: 2 }, n: { type: "integer" } },
    required: ["title"],
  };
  it("English is what it was; each line is named by its path", () => {
    const en = checkArguments(SCHEMA, { n: "x" });
    expect(en.checked && en.problems).toEqual([
      "title: Invalid input: expected string, received undefined",
      "n: Invalid input: expected number, received string",
    ]);
  });

  it("Bulgarian and Russian lines keep the path and say the rest in the language", () => {
    for (const [locale, t] of [
      ["bg", bg],
      ["ru", ru],
    ] as const) {
      const c = checkArguments(SCHEMA, { title: "a", n: "x" }, locale, t);
      expect(c.checked).toBe(true);
      const lines = c.checked ? c.problems : [];
      expect(lines.map((l) => l.split(":")[0])).toEqual(["title", "n"]);
      saysIt(lines, t);
    }
    const unreadable = checkArguments({ $ref: "#/nowhere" }, {}, "bg", bg);
    expect(!unreadable.checked && unreadable.why).toMatch(/^схемата не може да се прочете \(/);
  });
});

describe("the auth findings' details, in Bulgarian and Russian", () => {
  it("English is kept in detail; a message as it came has no Msg", () => {
    expect(FINDINGS[0].detail).toBe("no protected resource metadata at https://a.example/x");
    expect(finding("REFRESH_FAILED", "invalid_grant").detailMsg).toBeUndefined();
  });

  it("every detail is said in the language with its values", () => {
    for (const t of [bg, ru])
      saysIt(
        FINDINGS.map((f) => say(f.detailMsg!, t)),
        t,
      );
    expect(say(FINDINGS[3].detailMsg!, bg)).toBe(
      'calendar (https://b.example/mcp) прие token с aud "https://c.example"',
    );
  });

  it("every auth.finding key has its sentence in each language", () => {
    const keys = Object.keys((CATALOGUES.en.auth as Record<string, Record<string, string>>).finding);
    expect(keys.length).toBeGreaterThanOrEqual(30);
    for (const t of [bg, ru])
      saysIt(
        keys.map((k) =>
          t(`auth.finding.${k}`, {
            url: "https://x.example",
            urls: "https://x.example",
            resource: "https://r.example",
            endpoint: "https://e.example",
            said: '"i"',
            issuer: "https://i.example",
            methods: "null",
            key: "token_endpoint",
            reason: "ECONNREFUSED",
            aud: '"a"',
            answer: "401",
            token: "forged-token",
            label: "calendar",
          }),
        ),
        t,
      );
  });
});

describe("the Share dialog's list of what a link leaves out, in Bulgarian and Russian", () => {
  const state = shareStateFor(
    {
      kind: "stdio",
      command: "node",
      args: ["server.js", "--token=abc123456789", "https://u:pw@db.example/x?api_key=k-1234567890"],
      env: { OPENAI_API_KEY: "sk-openai-000000" },
    },
    { editor: "abc123456789 and sk-openai-000000" },
  );

  it("the link keeps the English lines, and each has its Msg", () => {
    const { omitted, omittedMsgs, state: out } = stripSecrets(state);
    expect(omitted).toContain("command: the value of --token");
    expect(omitted).toContain("env OPENAI_API_KEY: its value (env values are never shared; the key is kept)");
    expect(omittedMsgs.map((m) => say(m))).toEqual(omitted);
    expect(out.omitted).toEqual(omitted);
  });

  it("every line is said in the language, names and values as they came", () => {
    const { omittedMsgs } = stripSecrets(state);
    expect(omittedMsgs.length).toBeGreaterThanOrEqual(5);
    for (const t of [bg, ru])
      saysIt(
        omittedMsgs.map((m) => say(m, t)),
        t,
      );
    const lines = omittedMsgs.map((m) => say(m, ru));
    expect(lines).toContain("команда: значение --token");
    expect(lines).toContain("ещё 2 вхождения удалённого секрета (во фреймах, тексте wire или редакторе)");
    expect(omittedMsgs.map((m) => say(m, bg))).toContain("командата: параметърът в query „api_key“");
  });
});
