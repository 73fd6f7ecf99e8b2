/**
 * Local mode's browser sign-in, bound to this origin (issue 26 item 1). The run command prints a launch URL
 * `http://127.0.0.1:<port>/#launch=<code>`: the code is in the #fragment, so no request line, server log or Referer
 * carries it. The page takes it out of the address bar and trades it here, once, for a browser secret it keeps in
 * this origin's Web Storage (which, unlike a cookie, is per port) and sends as SESSION_HEADER (guards.ts). The
 * sign-in page may trade the pasted token instead. A trade needs Sec-Fetch-Site: same-origin, which only our own
 * page's fetch carries. Scripts and the CLI keep the token header; hosted mode's page carries the token.
 */
import { z } from "zod";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { LAUNCH_PARAM } from "@/lib/bridge/sign-in-url";
import { readBounded } from "@/lib/protocol/bounded-read";
import { BridgeError } from "./errors";
import { failReply, jsonRoute } from "./route-glue";
import { isHosted } from "./policy";
import { checkToken, mintBrowserSecret, mintLaunchCode, spendLaunchCode } from "./token";

const MAX_TRADE_BYTES = 4096;

const TradeSchema = z.union([
  z.object({ launch: z.string().min(1).max(256) }).strict(),
  z.object({ token: z.string().min(1).max(1024) }).strict(),
]);

const HOSTED_REFUSAL =
  "hosted mode has no browser sign-in: its page carries the credential it needs (the hosted guards protect it)";

type TradeRefusal = { kind: "bad-request" | "too-large"; message: string };

async function readTrade(req: Request): Promise<z.infer<typeof TradeSchema> | TradeRefusal> {
  const reader = req.body?.getReader();
  const bytes = reader ? await readBounded(reader, MAX_TRADE_BYTES) : new Uint8Array();
  if (!bytes) return { kind: "too-large", message: `the sign-in request is larger than ${MAX_TRADE_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return {
      kind: "bad-request",
      message: 'the sign-in request is not JSON: send {"launch": "<code>"} or {"token": "<token>"}',
    };
  }
  const parsed = TradeSchema.safeParse(json);
  return parsed.success
    ? parsed.data
    : { kind: "bad-request", message: 'the sign-in request takes {"launch": "<code>"} or {"token": "<token>"}' };
}

/**
 * POST /api/signin { launch } or { token }: replies { ok: true, value: { secret } }. Host and Origin are already
 * guarded by the front door (app.ts).
 */
export async function signInRoute(req: Request): Promise<Response> {
  if (isHosted()) return failReply("refused", HOSTED_REFUSAL);
  if (req.headers.get("sec-fetch-site") !== "same-origin")
    return failReply(
      "forbidden-origin",
      "a browser signs in from the playground's own page only (Sec-Fetch-Site: same-origin); " +
        `scripts and the CLI send ${TOKEN_HEADER} instead`,
    );
  const trade = await readTrade(req);
  if ("kind" in trade) return failReply(trade.kind, trade.message);
  if ("launch" in trade) {
    if (!spendLaunchCode(trade.launch.trim()))
      return failReply(
        "unauthorized",
        "this launch URL was already used, or is not one of this launch's: each launch URL signs in one browser " +
          "once. Paste the token the playground printed into the sign-in page, or stop it and run `npm start` again.",
      );
  } else if (!checkToken(trade.token.trim())) {
    return failReply(
      "unauthorized",
      "that token does not match this launch's: the playground makes a new one each time it starts; use the one it printed last",
    );
  }
  const body = JSON.stringify({ ok: true, value: { secret: mintBrowserSecret() } });
  return new Response(body, {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/** POST /api/signin/check {}: { ok: true, value: { signedIn: true } } when the caller's credential is this launch's (a 401 otherwise). */
export const signInCheckRoute = jsonRoute(z.object({}).strict(), async () => ({ signedIn: true }));

/**
 * POST /api/signin/launch {}: a new one-time launch URL on the caller's own loopback address, for a script that
 * holds the token (a second browser, the e2e tests). A browser's own secret may not mint more sign-ins.
 */
export const newLaunchRoute = jsonRoute(z.object({}).strict(), async (_input, call) => {
  if (isHosted()) throw new BridgeError("refused", HOSTED_REFUSAL);
  if (!call.headers.get(TOKEN_HEADER))
    throw new BridgeError("unauthorized", `a new launch URL needs ${TOKEN_HEADER} (a script holding the token)`);
  // The Host is already guarded (a loopback name, or one PLAYGROUND_ALLOWED_HOSTS lists).
  const host = call.headers.get("host") ?? "127.0.0.1";
  return { launchUrl: `http://${host}/#${LAUNCH_PARAM}=${mintLaunchCode()}` };
});
