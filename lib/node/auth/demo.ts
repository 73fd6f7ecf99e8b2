/**
 * The auth demos: the embedded authorization server and the protected servers start on loopback (keys generated
 * for the run) and the flow runs against them. Headless (`cli auth --demo`, POST /api/auth/run by default): the
 * demo user's login and consent are driven over HTTP and everything is closed before the call returns, so no
 * state outlives it and any instance can serve it. In a browser tab (login: "browser"): the servers stay up while
 * the person signs in (./browser-flow), and close when the flow ends or expires.
 */
import { startProtectedDemo, type ProtectedDemo } from "@/lib/node/demo-servers/protected-calendar";
import { DEMO_CLIENT_ID, DEMO_REDIRECT_URIS } from "@/lib/node/demo-servers/protected-auth-server";
import { buildEnvelope } from "@/lib/protocol/meta";
import type { AuthDemo, AuthRegistration } from "@/lib/auth/request";
import type { AuthRun } from "@/lib/auth/types";
import { audienceLesson } from "./audience";
import { demoUserAgent } from "./demo-login";
import { runAuthFlow } from "./flow";
import type { AuthFlowOptions, AuthSession } from "./flow-context";
import { startBrowserFlow } from "./browser-flow";
import { BridgeError } from "@/lib/node/bridge/errors";
import { FairSlots } from "@/lib/node/bridge/fair-slots";
import { isHosted } from "@/lib/node/bridge/target-policy";

/**
 * Demos running at once: 4 for the instance, 1 per client in hosted mode (a headless demo takes about a second;
 * a browser demo holds its slot while the person signs in).
 */
const demoSlots = new FairSlots({
  what: "auth demos running",
  global: 4,
  perClient: () => (isHosted() ? 1 : 4),
  advice: "wait for it to finish (a headless demo takes about a second) and run it again",
});

function takeDemoSlot(client = ""): () => void {
  const grant = demoSlots.take(client);
  if (!grant.ok) throw new BridgeError("rate-limited", grant.message);
  return grant.release;
}

const CREATE_EVENT = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: {
    name: "create_event",
    arguments: { title: "Auth lesson", startsAt: "2026-09-08T10:00:00Z" },
    _meta: buildEnvelope(),
  },
};

/** The registration choice as flow options: a pre-registered id, the hosted document, or neither (DCR). */
function registrationOptions(
  servers: ProtectedDemo,
  registration: AuthRegistration,
): Pick<AuthFlowOptions, "clientId" | "clientMetadataDocument"> {
  if (registration === "preregistered") return { clientId: DEMO_CLIENT_ID };
  if (registration === "dcr") return {};
  return {
    clientMetadataDocument: { url: servers.clientMetadata.clientId, document: servers.clientMetadata.document },
  };
}

function demoOptions(
  demo: AuthDemo,
  servers: ProtectedDemo,
  scope: string | undefined,
  redirectUri: string,
  registration: AuthRegistration,
): AuthFlowOptions {
  const kind = demo === "second-protected" ? "second" : demo === "naive-protected" ? "naive" : "calendar";
  return {
    target: servers.urls[kind],
    scope,
    ...registrationOptions(servers, registration),
    redirectUri,
    stepUpFrame: kind === "calendar" ? CREATE_EVENT : undefined,
    trustedOrigins: [new URL(servers.issuer).origin, new URL(servers.urls.calendar).origin],
  };
}

/** The audience lesson's three verdicts, appended to the run (only for that demo, only with a token). */
async function afterRun(demo: AuthDemo, servers: ProtectedDemo, session: AuthSession): Promise<void> {
  if (demo !== "audience-lesson" || !session.accessToken) return;
  const lesson = await audienceLesson(session.accessToken, [
    { label: "the calendar (the token's audience)", url: servers.urls.calendar },
    { label: "a second protected server", url: servers.urls.second },
    { label: "a naive server", url: servers.urls.naive },
  ]);
  session.run.steps.push(...lesson.steps);
  session.run.findings.push(...lesson.findings);
}

/** A demo slot for this client and the demo servers started in it (the slot given back when they fail to start). */
async function startInSlot(client: string | undefined) {
  const releaseSlot = takeDemoSlot(client);
  const servers = await startProtectedDemo().catch((e) => {
    releaseSlot();
    throw e;
  });
  return { releaseSlot, servers };
}

/** Starts the demo servers, runs the flow with the demo user's sign-in driven over HTTP, and closes them. */
export async function runAuthDemo(
  demo: AuthDemo,
  scope?: string,
  registration: AuthRegistration = "cimd",
  client?: string,
): Promise<AuthRun> {
  const { releaseSlot, servers } = await startInSlot(client);
  try {
    const redirectUri = DEMO_REDIRECT_URIS[0];
    const session = await runAuthFlow({
      ...demoOptions(demo, servers, scope, redirectUri, registration),
      login: demoUserAgent(redirectUri),
    });
    await afterRun(demo, servers, session);
    return session.run;
  } finally {
    await servers.close();
    releaseSlot();
  }
}

/** The same demo with the person signing in in a browser tab; `callbackUrl` is the playground's callback page. */
export async function startBrowserDemo(
  demo: AuthDemo,
  scope: string | undefined,
  callbackUrl: string,
  registration: AuthRegistration = "cimd",
  client?: string,
): Promise<AuthRun> {
  const { releaseSlot, servers } = await startInSlot(client);
  return startBrowserFlow({
    client,
    ...demoOptions(demo, servers, scope, callbackUrl, registration),
    onFinished: (session) => afterRun(demo, servers, session),
    release: async () => {
      await servers.close();
      releaseSlot();
    },
  });
}
