/**
 * One Auth-view request: a demo run with the demo user's sign-in driven over HTTP (headless), a sign-in by the
 * person in a browser tab (login: "browser", the demos or the user's own endpoint), or a judged discovery of the
 * user's endpoint that stops at needs-user.
 */
import { BridgeError } from "@/lib/node/bridge/errors";
import { isHosted } from "@/lib/node/bridge/target-policy";
import type { AuthCallbackRequest, AuthRunRequest } from "@/lib/auth/request";
import type { AuthRun } from "@/lib/auth/types";
import { continueBrowserFlow, startBrowserFlow } from "./browser-flow";
import { runAuthDemo, startBrowserDemo } from "./demo";
import { runAuthFlow } from "./flow";

export interface AuthRunContext {
  /** The playground's callback page as the person's browser reaches it (the redirect URI of a browser sign-in). */
  callbackUrl: string;
  /** Who asks (lib/node/web/client-policy.ts clientKeyOf): per-client shares of demos and sign-ins. */
  client?: string;
}

export async function runAuthRequest(input: AuthRunRequest, ctx?: AuthRunContext): Promise<AuthRun> {
  if (input.login === "browser") {
    if (!ctx) throw new BridgeError("bad-request", "a browser sign-in needs the playground's callback address");
    if (input.demo) {
      if (isHosted()) {
        throw new BridgeError(
          "refused",
          "hosted mode: the embedded authorization server listens on the server's own loopback address, which your browser cannot reach; run the demo headless (the demo user signs in over HTTP) or run the playground locally",
        );
      }
      return startBrowserDemo(input.demo, input.scope, ctx.callbackUrl, input.registration, ctx.client);
    }
    return startBrowserFlow({
      target: input.url!,
      scope: input.scope,
      clientId: input.clientId,
      redirectUri: ctx.callbackUrl,
      client: ctx.client,
    });
  }
  if (input.demo) return runAuthDemo(input.demo, input.scope, input.registration, ctx?.client);
  // No login callback here: the page cannot hand a person's sign-in back to this request, so it stops at needs-user.
  return (await runAuthFlow({ target: input.url!, scope: input.scope, clientId: input.clientId })).run;
}

export function continueAuthRequest(input: AuthCallbackRequest): Promise<AuthRun> {
  return continueBrowserFlow(input.flowId, input.callbackUrl);
}
