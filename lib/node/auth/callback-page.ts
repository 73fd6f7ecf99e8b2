/**
 * The playground's callback page (GET /api/auth/callback), where an authorization server sends the person's tab
 * after login and consent. It does nothing privileged and echoes nothing from the request: its script reads the
 * tab's own address, removes code, state and iss from the address bar and history at once, and hands the URL over
 * a same-origin BroadcastChannel to the playground tab that started the sign-in. That tab (holding the sign-in
 * cookie or token like every bridge call) posts it to POST /api/auth/callback, where the paused flow checks state
 * and iss and exchanges the code. No tab waiting for this state: the page says so and the code is never used.
 */
import { FRAME_HEADERS } from "@/lib/node/web/frame-headers";
import { createHash } from "node:crypto";
import { AUTH_CALLBACK_CHANNEL } from "@/lib/auth/request";

/** How long the page waits for the starting tab to say it took the callback. */
const HANDOFF_WAIT_MS = 4000;
/** How long "Done" stays readable before the tab closes itself (a browser may refuse; then it says to close it). */
const CLOSE_AFTER_MS = 2000;

const SCRIPT = `(() => {
  const href = location.href;
  const state = new URL(href).searchParams.get("state");
  history.replaceState(null, "", location.pathname);
  const show = (id) => { for (const p of document.querySelectorAll("[data-say]")) p.hidden = p.dataset.say !== id; };
  const channel = new BroadcastChannel(${JSON.stringify(AUTH_CALLBACK_CHANNEL)});
  let taken = false;
  channel.onmessage = (e) => {
    if (e.data && e.data.type === "taken" && e.data.state === state) {
      taken = true; show("taken"); channel.close();
      setTimeout(() => window.close(), ${CLOSE_AFTER_MS});
    }
  };
  channel.postMessage({ type: "callback", url: href, state });
  setTimeout(() => { if (!taken) { show("orphan"); channel.close(); } }, ${HANDOFF_WAIT_MS});
})();`;

const SCRIPT_HASH = createHash("sha256").update(SCRIPT).digest("base64");

const HTML =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in callback — MCP Playground</title>` +
  `<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}</style></head><body>` +
  `<h1>MCP Playground: sign-in callback</h1>` +
  `<p data-say="wait" data-testid="auth-callback-wait">Handing the authorization server's answer to the playground tab that started this sign-in…</p>` +
  `<p data-say="taken" data-testid="auth-callback-taken" hidden>Done: the playground tab that started this sign-in has the answer and goes on there (state and iss checked, code exchanged). This tab closes itself in a moment; if it stays open, close it.</p>` +
  `<p data-say="orphan" data-testid="auth-callback-orphan" hidden>No open playground tab is waiting for this sign-in: it was closed or reloaded, or the answer's state matches no sign-in in progress. The code was not used. Start again from the Auth tab.</p>` +
  `<noscript><p>This page needs JavaScript to hand the answer to the playground tab.</p></noscript>` +
  `<script>${SCRIPT}</script></body></html>`;

export function callbackPage(): Response {
  return new Response(HTML, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      ...FRAME_HEADERS,
      // Both policies apply: nothing loads, only this one script runs, and the page may not be framed.
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    },
  });
}
