/**
 * Local mode's browser sign-in, bound to this launch's own origin (issue 26 item 1, issue 43 item 1). The run command
 * prints a launch URL `http://mcp-<random>.localhost:<port>/#launch=<code>` (launch-origin.ts: a name no earlier page
 * could have held): the code is in the #fragment, so no request line, server log or Referer carries it. The page
 * takes it out of the address bar and trades it here, once, for a browser secret the answer sets as an HttpOnly,
 * host-only cookie (session-cookie.ts: no script reads it) and clears whatever the origin held (Clear-Site-Data).
 * The sign-in page may trade the pasted token instead. A trade needs Sec-Fetch-Site: same-origin, which only our own
 * page's fetch carries, on this launch's Host. Scripts and the CLI keep the token header; hosted mode's page carries
 * the token.
 */
import { z } from "zod";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { LAUNCH_PARAM } from "@/lib/bridge/sign-in-url";
import { readBounded } from "@/lib/protocol/bounded-read";
import { BridgeError } from "@/lib/node/bridge/errors";
import { checkLaunchHost, parseHost } from "./guards";
import { launchOrigin } from "./launch-origin";
import { failReply, jsonRoute } from "./route-glue";
import { isHosted } from "@/lib/node/bridge/target-policy";
import { sessionCookie } from "./session-cookie";
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
  const notLaunch = checkLaunchHost(req.headers.get("host"));
  if (notLaunch) return failReply(notLaunch.kind, notLaunch.message);
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
  const headers = new Headers({
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "Set-Cookie": sessionCookie(mintBrowserSecret()),
  });
  // The launch: whatever this origin held before (a service worker, storage, cached answers) is cleared; the
  // browser does it before the page reads this answer. Not on a pasted token: the page may hold this launch's work.
  if ("launch" in trade) headers.set("Clear-Site-Data", LAUNCH_CLEARS);
  return new Response(JSON.stringify({ ok: true, value: { signedIn: true } }), { headers });
}

/** What the launch code's trade clears on this launch's origin (never "cookies": the answer sets the sign-in). */
export const LAUNCH_CLEARS = '"cache", "storage"';

/** POST /api/signin/check {}: { ok: true, value: { signedIn: true } } when the caller's credential is this launch's (a 401 otherwise). */
export const signInCheckRoute = jsonRoute(z.object({}).strict(), async () => ({ signedIn: true }));

/**
 * POST /api/signin/launch {}: a new one-time launch URL on this launch's origin (the port the caller reached), for a
 * script that holds the token (a second browser, the e2e tests). A browser's own secret may not mint more sign-ins.
 */
export const newLaunchRoute = jsonRoute(z.object({}).strict(), async (_input, call) => {
  if (isHosted()) throw new BridgeError("refused", HOSTED_REFUSAL);
  if (!call.headers.get(TOKEN_HEADER))
    throw new BridgeError("unauthorized", `a new launch URL needs ${TOKEN_HEADER} (a script holding the token)`);
  // The Host is already guarded; its port is the one this server answers on.
  const port = parseHost(call.headers.get("host") ?? "")?.port ?? process.env.PORT ?? "80";
  return { launchUrl: `${launchOrigin(port)}/#${LAUNCH_PARAM}=${mintLaunchCode()}` };
});
