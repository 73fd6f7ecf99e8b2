// The e2e runner's per-case deadline: a case that has not ended by then fails with its name and its last step, its
// browser contexts are closed, and the run goes on. 420 s: the slowest case (the axe gate over every tab, light and
// dark) took 72 s with e2e alone on the two-core CI machine, and over 180 s beside vitest with the machine loaded
// (load 18); most cases take under 10 s. Only a hang reaches it. E2E_CASE_DEADLINE_S overrides.
export const CASE_DEADLINE_MS = Number(process.env.E2E_CASE_DEADLINE_S ?? 420) * 1000;

// After the deadline the case's own `finally` blocks still get this long to stop what they started (a server of
// their own) once its browser calls fail on the closed context.
const CLEANUP_GRACE_MS = 15_000;

/**
 * The steps of one case, as far as the runner sees them: every PlaygroundPage call (through `trackCalls`) and every
 * Playwright call made in the case's context (its `logger`, e.g. "locator.click started").
 */
export function stepLog(started = Date.now()) {
  let page = null; // { text, at } of the last PlaygroundPage call
  let playwright = null; // { text, at } of the last Playwright call
  const ago = (at) => `${Math.round((Date.now() - at) / 1000)} s before the deadline`;
  return {
    /** For newContext({ logger }): Playwright's own record of its API calls. */
    logger: {
      isEnabled: (name) => name === "api",
      log: (_name, _severity, message) =>
        (playwright = { text: String(message).replace(/^[=<]> /, ""), at: Date.now() }),
    },
    /** `target` whose method calls are noted as steps (`pg.settled(2)`), its own inner calls not. */
    trackCalls(target, name) {
      return new Proxy(target, {
        get(obj, prop, receiver) {
          const value = Reflect.get(obj, prop, receiver);
          if (typeof value !== "function" || typeof prop !== "string") return value;
          return (...args) => {
            const shown = args.map((a) =>
              typeof a === "string" ? JSON.stringify(a.slice(0, 60)) : typeof a === "object" ? "{…}" : String(a),
            );
            page = { text: `${name}.${prop}(${shown.join(", ")})`, at: Date.now() };
            return value.apply(obj, args);
          };
        },
      });
    },
    describe() {
      const parts = [];
      if (page) parts.push(`${page.text} (${ago(page.at)})`);
      if (playwright) parts.push(`Playwright ${playwright.text} (${ago(playwright.at)})`);
      return parts.length ? parts.join("; ") : `none recorded (${ago(started)})`;
    },
  };
}

/**
 * Runs `work()`; if it has not settled after `ms`, calls `onDeadline()` (which closes the case's contexts), gives the
 * case CLEANUP_GRACE_MS to unwind, and rejects with an error naming the case and its last step.
 */
export async function withDeadline(work, { ms = CASE_DEADLINE_MS, name, steps, onDeadline }) {
  let timer;
  const running = Promise.resolve().then(work);
  const expired = new Promise((resolve) => (timer = setTimeout(resolve, ms, "expired")));
  try {
    const first = await Promise.race([running.then(() => "done"), expired]);
    if (first === "done") return;
  } finally {
    clearTimeout(timer);
  }
  const lastStep = steps.describe();
  await onDeadline();
  // The case's rejection (its calls fail on the closed context) is expected now; only its cleanup is waited for.
  await Promise.race([running.catch(() => {}), new Promise((r) => setTimeout(r, CLEANUP_GRACE_MS))]);
  throw new Error(
    `no end after ${Math.round(ms / 1000)} s (the per-case deadline, E2E_CASE_DEADLINE_S): "${name}" was stopped; last step: ${lastStep}`,
  );
}
