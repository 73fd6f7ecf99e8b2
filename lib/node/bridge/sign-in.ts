/**
 * Signing a browser in (local mode's answer to "any local user can read the token from GET /"), as Jupyter and
 * MCP Inspector do: the run command prints a launch URL `http://127.0.0.1:<port>/?token=<token>`; opening it
 * (or posting the token from the sign-in form) sets the HttpOnly, SameSite=Strict sign-in cookie and answers a
 * tiny page that replaces itself with the same address minus the token, keeping the #fragment (a session or lab
 * link survives sign-in). That second navigation starts on our own origin, so the Strict cookie goes with it
 * even when the launch URL came from another site (a file:// opener, a terminal). A wrong token goes back to
 * the sign-in page with ?signin=failed. Runs in the server's app (app.ts), after the Host/Origin guards.
 */
import { readBounded } from "@/lib/protocol/bounded-read";
import { FRAME_HEADERS } from "./frame-headers";
import { parseHost } from "./guards";
import { SIGN_IN_MARK, SIGN_IN_PARAM } from "@/lib/bridge/sign-in-url";
import { checkToken, sessionCookieHeader } from "./token";

const MAX_FORM_BYTES = 4096;

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", ...FRAME_HEADERS };

async function readSmallForm(req: Request): Promise<URLSearchParams | null> {
  const reader = req.body?.getReader();
  if (!reader) return new URLSearchParams();
  const bytes = await readBounded(reader, MAX_FORM_BYTES);
  return bytes && new URLSearchParams(Buffer.from(bytes).toString("utf8"));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function continuePage(next: string): string {
  const target = JSON.stringify(next).replace(/</g, "\\u003c");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<title>Signed in — MCP Playground</title><noscript><meta http-equiv="refresh" content="0;url=${escapeHtml(next)}"></noscript></head>` +
    `<body><p data-testid="signed-in">Signed in. Opening the playground…</p>` +
    `<script>location.replace(${target} + location.hash)</script></body></html>`
  );
}

/** The answer to a sign-in attempt (GET with ?token=, or POST of the sign-in form), or null for any other request. */
export async function signInResponse(req: Request): Promise<Response | null> {
  const url = new URL(req.url);
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/_next/")) return null;
  let given: string | null;
  if (req.method === "GET" && url.searchParams.has(SIGN_IN_PARAM)) {
    given = url.searchParams.get(SIGN_IN_PARAM);
  } else if (
    req.method === "POST" &&
    url.pathname === "/" &&
    (req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")
  ) {
    const form = await readSmallForm(req);
    if (!form)
      return new Response(`the sign-in form is larger than ${MAX_FORM_BYTES} bytes`, {
        status: 413,
        headers: NO_STORE,
      });
    given = form.get(SIGN_IN_PARAM);
  } else {
    return null;
  }
  url.searchParams.delete(SIGN_IN_PARAM);
  url.searchParams.delete(SIGN_IN_MARK);
  if (!checkToken(given?.trim())) {
    url.searchParams.set(SIGN_IN_MARK, "failed");
    // 303: the browser fetches the sign-in page with GET and keeps the #fragment. Absolute, on the request's own
    // origin (already past the Host guard).
    return new Response(null, { status: 303, headers: { Location: url.href, ...NO_STORE } });
  }
  const port = parseHost(req.headers.get("host") ?? "")?.port;
  return new Response(continuePage(url.pathname + url.search), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": sessionCookieHeader(port), ...NO_STORE },
  });
}
