/**
 * Which credential a browser-side bridge call sends: the token when the page was given one (hosted mode, tests),
 * else nothing once local mode's browser is signed in: its cookie goes by itself (lib/bridge/browser-sign-in.ts, loaded only then). No React.
 */
import { TOKEN_HEADER } from "./target";

export async function credentialHeaders(token: string): Promise<Record<string, string>> {
  if (token) return { [TOKEN_HEADER]: token };
  return (await import("./browser-sign-in")).browserCredential();
}

/**
 * A 401 to a call of a signed-in local page, or a 403 "forbidden-host" (this page's address is an earlier launch's:
 * each launch has its own): the page signs out (the playground restarted) and says so.
 */
export function refusedCredential(token: string, status: number, kind?: string): void {
  if (token || !(status === 401 || (status === 403 && kind === "forbidden-host"))) return;
  void import("./browser-sign-in").then((m) => m.credentialRefused());
}
