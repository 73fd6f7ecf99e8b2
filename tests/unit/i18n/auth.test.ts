/**
 * The Auth tab in the chapter's languages (issue 32): each step's sentence is kept as a Msg next to its English
 * (the CLI and its JSON read the English), the step names and the diagram's labels follow the reader's language,
 * and wire words (401, Bearer, PKCE S256, state, iss, aud, RFC keywords) stay as they are.
 */
import { describe, expect, it } from "vitest";
import { AUDIENCE_WORDS, audienceDetail } from "@/lib/auth/audience-verdict";
import { authDiagram, stepName } from "@/lib/auth/diagram";
import type { AuthRun } from "@/lib/auth/types";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, msg, say } from "@/lib/i18n/translate";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const CYRILLIC = /[а-яА-Я]/;
const STEP_KEYS = Object.keys((CATALOGUES.en as { auth: { steps: Record<string, string> } }).auth.steps);

describe("the Auth tab's sentences in Bulgarian and Russian", () => {
  it("English reads as the flow wrote it before: a step's sentence and the audience verdicts", () => {
    const challenge = msg("auth.steps.challenge", {
      metadata: msg("auth.steps.pointsTo", { url: "http://127.0.0.1:4000/.well-known/oauth-protected-resource" }),
      scope: '"calendar.read"',
    });
    expect(say(challenge)).toBe(
      '401 with a Bearer challenge: resource_metadata points to http://127.0.0.1:4000/.well-known/oauth-protected-resource, scope "calendar.read".',
    );
    expect(say(audienceDetail("refused-wrong-audience", 401))).toBe(
      `${AUDIENCE_WORDS["refused-wrong-audience"].words} (401): ${AUDIENCE_WORDS["refused-wrong-audience"].why}`,
    );
    expect(AUDIENCE_WORDS.accepted.words).toBe("accepted");
  });

  it("every step sentence is said in Bulgarian and Russian, values filled, no placeholder left", () => {
    const values = {
      error: "ECONNREFUSED",
      status: 200,
      metadata: "X",
      scope: "s",
      header: '"Basic"',
      url: "http://as",
      attempts: 2,
      server: "http://as",
      issuer: "http://as",
      clientId: "c1",
      reason: "boom",
      resource: "http://mcp",
      aud: '"http://mcp"',
      type: "bearer",
      bound: "",
      answer: "401",
      union: "a b",
    };
    for (const t of [bg, ru])
      for (const key of STEP_KEYS) {
        const text = t(`auth.steps.${key}`, values);
        expect(text, key).toMatch(CYRILLIC);
        expect(text, key).not.toMatch(/[{}]/);
      }
  });

  it("the RFC keywords stay in capitals in the audience lesson's why", () => {
    for (const t of [bg, ru]) {
      const why = say(audienceDetail("accepted-wrongly", 200), t);
      expect(why).toContain("MUST");
      expect(why).toContain("MUST NOT");
      expect(why).toMatch(CYRILLIC);
    }
  });

  it("step names and the diagram's labels follow the language; an unknown name is kept", () => {
    expect(stepName("protected resource metadata", ru)).toBe("метаданные защищённого ресурса");
    expect(stepName("step-up: token", bg)).toBe("step-up: token");
    expect(stepName("step-up: login and consent", bg)).toBe("step-up: вход и съгласие");
    expect(stepName("audience: a second protected server", ru)).toBe("audience: a second protected server");
    expect(stepName("something new", ru)).toBe("something new");
    const run: AuthRun = {
      target: "http://127.0.0.1:4000/mcp",
      outcome: "needs-user",
      findings: [],
      steps: [{ name: "login and consent", status: "skipped", detail: "", specRef: "" }],
    };
    const d = authDiagram(run, ru);
    expect(d.steps[0].label).toBe("открыть адрес авторизации и войти (нужен человек)");
    expect(d.titles?.[1]).toBe("вход и согласие");
    expect(d.final).toBe("итог: needs-user");
    expect(authDiagram(run).final).toBe("outcome: needs-user");
  });
});
