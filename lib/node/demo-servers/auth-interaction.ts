/**
 * The demo authorization server's own pages: sign-in and consent for one oidc-provider interaction, server-rendered
 * with every value escaped, under a CSP that allows no script. The demo user's login is checked here; consent
 * records the missing scopes in the grant.
 */
import type http from "node:http";
import type { default as Provider } from "oidc-provider";
import { DEMO_USER } from "@/lib/auth/demo-user";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}
input[type=text],input[type=password]{width:100%;padding:.4rem}button{padding:.5rem 1rem;margin-top:.8rem}code{background:#eee;padding:0 .2rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function readForm(req: http.IncomingMessage, limit = 8192): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * `redirectTo`: the client's redirect URI (already checked against its registration by oidc-provider). Browsers
 * apply form-action to the redirects after a form POST too, and Allow ends in a redirect to the client's callback.
 */
export function sendHtml(res: http.ServerResponse, status: number, html: string, redirectTo?: unknown): void {
  const callbackOrigin =
    typeof redirectTo === "string" && URL.canParse(redirectTo) ? ` ${new URL(redirectTo).origin}` : "";
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${callbackOrigin}`,
  });
  res.end(html);
}

type Details = Awaited<ReturnType<Provider["interactionDetails"]>>;

function loginPage(action: string, clientName: string): string {
  return page(
    "Sign in to the demo authorization server",
    `<p><strong>${escapeHtml(clientName)}</strong> wants to reach a protected MCP server for you.</p>
<p>Demo user: <code>${DEMO_USER.login}</code>, password <code>${DEMO_USER.password}</code>.</p>
<form method="post" action="${action}/login" data-testid="auth-login-form">
<label>User <input type="text" name="login" autocomplete="username" required data-testid="auth-login-user"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required data-testid="auth-login-password"></label>
<button type="submit" data-testid="auth-login-submit">Sign in</button></form>`,
  );
}

function consentPage(action: string, clientName: string, details: Details): string {
  const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
  const items = Object.entries(missing)
    .map(
      ([resource, scopes]) =>
        `<li>${escapeHtml(resource)}: ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(", ")}</li>`,
    )
    .join("");
  return page(
    "Allow access?",
    `<p><strong>${escapeHtml(clientName)}</strong> asks for:</p><ul>${items || "<li>(nothing new)</li>"}</ul>
<form method="post" action="${action}/confirm"><button type="submit" data-testid="auth-consent-allow">Allow</button></form>
<form method="post" action="${action}/abort"><button type="submit" data-testid="auth-consent-deny">Deny</button></form>`,
  );
}

/** Allow: the grant gains what the prompt says is missing; its id when the grant is new (undefined: not signed in or expired). */
async function grantConsent(provider: Provider, details: Details): Promise<{ grantId?: string } | undefined> {
  const accountId = details.session?.accountId;
  if (!accountId) return undefined;
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) return undefined;
  const d = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(" "));
  if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(d.missingResourceScopes ?? {}))
    grant.addResourceScope(resource, scopes.join(" "));
  const grantId = await grant.save();
  return details.grantId ? {} : { grantId };
}

/** A form POSTed to /interaction/<uid>/<action>: sign in, allow or deny. */
async function submitted(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse, details: Details) {
  const action = new URL(req.url ?? "/", "http://127.0.0.1").pathname.split("/")[3];
  const form = await readForm(req);
  if (action === "login") {
    if (form.get("login") !== DEMO_USER.login || form.get("password") !== DEMO_USER.password) {
      const again = `<p>Wrong user or password. <a href="/interaction/${escapeHtml(details.uid)}">Try again</a>.</p>`;
      return sendHtml(res, 401, page("Sign-in failed", again));
    }
    const login = { login: { accountId: DEMO_USER.accountId } };
    return void (await provider.interactionFinished(req, res, login, { mergeWithLastSubmission: false }));
  }
  if (action === "confirm") {
    if (!details.session?.accountId) return sendHtml(res, 400, page("Not signed in", ""));
    const consent = await grantConsent(provider, details);
    if (!consent) return sendHtml(res, 400, page("Grant expired", ""));
    return void (await provider.interactionFinished(req, res, { consent }, { mergeWithLastSubmission: true }));
  }
  if (action === "abort") {
    const denied = { error: "access_denied", error_description: "The user denied access." };
    return void (await provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false }));
  }
  sendHtml(res, 404, page("Not found", ""));
}

/** One request under /interaction/<uid>: the sign-in or consent page (GET) or its form (POST). */
export async function interaction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
  const uid = new URL(req.url ?? "/", "http://127.0.0.1").pathname.split("/")[2];
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid)
    return sendHtml(res, 400, page("Wrong interaction", "<p>This page does not belong to the current sign-in.</p>"));
  if (req.method === "POST") return submitted(provider, req, res, details);
  if (req.method !== "GET") return sendHtml(res, 405, page("Method not allowed", ""));
  const action = `/interaction/${escapeHtml(uid)}`;
  const client = await provider.Client.find(String(details.params.client_id));
  const clientName = client?.clientName ?? String(details.params.client_id);
  const html =
    details.prompt.name === "login" ? loginPage(action, clientName) : consentPage(action, clientName, details);
  sendHtml(res, 200, html, details.params.redirect_uri);
}
