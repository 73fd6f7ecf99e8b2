/**
 * The auth demos, one run each: the embedded authorization server and the protected servers start on loopback
 * (keys generated for the run), the flow runs with the demo user's login and consent driven over HTTP, and
 * everything is closed again. No state outlives the call, so any instance can serve it (no shared store needed).
 * Used by `cli auth --demo` and POST /api/auth/run.
 */
import { startProtectedDemo } from "@/lib/servers/protected-calendar";
import { DEMO_CLIENT_ID, DEMO_REDIRECT_URIS } from "@/lib/servers/protected-auth-server";
import { buildEnvelope } from "@/lib/protocol/meta";
import type { AuthDemo } from "../request";
import type { AuthRun } from "../types";
import { audienceLesson } from "./audience";
import { demoUserAgent } from "./demo-login";
import { runAuthFlow } from "./flow";

const CREATE_EVENT = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "create_event", arguments: { title: "Auth lesson", startsAt: "2026-09-08T10:00:00Z" }, _meta: buildEnvelope() },
};

/** Starts the demo servers, runs the flow with the demo user's sign-in driven over HTTP, and closes them. */
export async function runAuthDemo(demo: AuthDemo, scope?: string): Promise<AuthRun> {
  const servers = await startProtectedDemo();
  try {
    const kind = demo === "second-protected" ? "second" : demo === "naive-protected" ? "naive" : "calendar";
    const session = await runAuthFlow({
      target: servers.urls[kind],
      scope,
      clientId: DEMO_CLIENT_ID,
      redirectUri: DEMO_REDIRECT_URIS[0],
      login: demoUserAgent(DEMO_REDIRECT_URIS[0]),
      stepUpFrame: kind === "calendar" ? CREATE_EVENT : undefined,
      trustedOrigins: [new URL(servers.issuer).origin, new URL(servers.urls.calendar).origin],
    });
    if (demo === "audience-lesson" && session.accessToken) {
      const lesson = await audienceLesson(session.accessToken, [
        { label: "the calendar (the token's audience)", url: servers.urls.calendar },
        { label: "a second protected server", url: servers.urls.second },
        { label: "a naive server", url: servers.urls.naive },
      ]);
      session.run.steps.push(...lesson.steps);
      session.run.findings.push(...lesson.findings);
    }
    return session.run;
  } finally {
    await servers.close();
  }
}
