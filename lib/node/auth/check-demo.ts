/**
 * The embedded protected servers as targets of the conformance suite (`check --demo calendar-protected` and
 * the integration tests): the demos start on loopback, the demo user signs in headlessly twice — once for the
 * target (its own token: the protocol checks run with it, and A10 sends it in the query string) and once for
 * another resource of the same authorization server (A09: the audience rule) — and everything closes after.
 */
import { startProtectedDemo, type ProtectedKind } from "@/lib/node/demo-servers/protected-calendar";
import { CALENDAR_SCOPES, DEMO_CLIENT_ID, DEMO_REDIRECT_URIS } from "@/lib/node/demo-servers/protected-auth-server";
import type { AuthJudgement } from "@/lib/auth/types";
import { demoUserAgent } from "./demo-login";
import { runAuthFlow } from "./flow";
import { judgeAuthorization } from "./judge";

export const PROTECTED_CHECK_DEMOS = ["calendar-protected", "second-protected", "naive-protected"] as const;
export type ProtectedCheckDemo = (typeof PROTECTED_CHECK_DEMOS)[number];

export interface ProtectedCheckTarget {
  url: string;
  /** A token issued for the target (for its Authorization header); never printed. */
  ownToken: string;
  authorization: () => Promise<AuthJudgement>;
  close(): Promise<void>;
}

export async function startProtectedCheckTarget(demo: ProtectedCheckDemo): Promise<ProtectedCheckTarget> {
  const servers = await startProtectedDemo();
  const kind = demo.replace("-protected", "") as ProtectedKind;
  const trustedOrigins = [new URL(servers.issuer).origin, new URL(servers.urls.calendar).origin];
  const mint = async (resource: ProtectedKind): Promise<string> => {
    const session = await runAuthFlow({
      target: servers.urls[resource],
      scope: CALENDAR_SCOPES.join(" "),
      clientId: DEMO_CLIENT_ID,
      redirectUri: DEMO_REDIRECT_URIS[0],
      login: demoUserAgent(DEMO_REDIRECT_URIS[0]),
      trustedOrigins,
    });
    if (!session.accessToken)
      throw new Error(`the demo sign-in for ${resource} gave no token (${session.run.outcome})`);
    return session.accessToken;
  };
  try {
    const ownToken = await mint(kind);
    const foreignToken = await mint(kind === "calendar" ? "second" : "calendar");
    const url = servers.urls[kind];
    return {
      url,
      ownToken,
      authorization: () => judgeAuthorization({ target: url, ownToken, foreignToken, trustedOrigins }),
      close: servers.close,
    };
  } catch (e) {
    await servers.close();
    throw e;
  }
}
