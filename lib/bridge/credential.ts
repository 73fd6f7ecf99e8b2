/**
 * Which credential a browser-side bridge call sends: the token when the page was given one (hosted mode, tests),
 * else local mode's browser secret (lib/bridge/browser-sign-in.ts, loaded only then). No React.
 */
import { TOKEN_HEADER } from "./target";

export async function credentialHeaders(token: string): Promise<Record<string, string>> {
  if (token) return { [TOKEN_HEADER]: token };
  return (await import("./browser-sign-in")).browserCredential();
}

/** A 401 to a call that sent the browser secret: the page signs out (the playground restarted) and says so. */
export function refusedCredential(token: string, sent: Record<string, string>, status: number): void {
  if (token || status !== 401) return;
  void import("./browser-sign-in").then((m) => m.credentialRefused(sent));
}
