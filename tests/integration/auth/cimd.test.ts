/**
 * Registration by client ID metadata document (the 2026-07-28 default) against the embedded authorization
 * server: the playground hosts its document on an HTTPS loopback listener with a certificate made at start, the
 * AS fetches it once (trusting only that certificate) and the flow ends with an authenticated tools/list; a
 * client_id URL on any other origin is refused before anything is fetched (no SSRF from the AS).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProtectedDemo, type ProtectedDemo } from "@/lib/node/demo-servers/protected-calendar";
import { DEMO_REDIRECT_URIS, demoClientMetadataDocument } from "@/lib/node/demo-servers/protected-auth-server";
import { startClientMetadataHost, type ClientMetadataHost } from "@/lib/node/demo-servers/client-metadata-host";
import { runAuthFlow, type AuthSession } from "@/lib/node/auth/flow";
import { runAuthDemo } from "@/lib/node/auth/demo";
import { demoUserAgent } from "@/lib/node/auth/demo-login";

let demo: ProtectedDemo;
let session: AuthSession;
let elsewhere: ClientMetadataHost;
const redirectUri = DEMO_REDIRECT_URIS[0];

beforeAll(async () => {
  demo = await startProtectedDemo();
  elsewhere = await startClientMetadataHost(demoClientMetadataDocument);
  const { clientId: url, document } = demo.clientMetadata;
  session = await runAuthFlow({
    target: demo.urls.calendar,
    clientMetadataDocument: { url, document },
    redirectUri,
    login: demoUserAgent(redirectUri),
  });
});
afterAll(async () => {
  await demo?.close();
  await elsewhere?.close();
});

describe("client ID metadata documents on the embedded authorization server", () => {
  it("the AS advertises client_id_metadata_document_supported", async () => {
    const metadata = (await (await fetch(`${demo.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it("registration uses the hosted document's HTTPS URL as client_id and shows the document", () => {
    const step = session.run.steps.find((s) => s.name === "registration")!;
    expect(step.status).toBe("ok");
    expect(step.facts?.method).toBe("client ID metadata document");
    expect(step.facts?.client_id).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/oauth\/client-metadata\.json$/);
    expect(step.facts?.document).toEqual({ ...demoClientMetadataDocument(demo.clientMetadata.clientId) });
    const authorize = new URL(session.run.steps.find((s) => s.name === "authorization request")!.request!.url);
    expect(authorize.searchParams.get("client_id")).toBe(demo.clientMetadata.clientId);
  });

  it("ends with an authenticated tools/list, no findings, and the AS fetched the document exactly once", () => {
    expect(session.run.outcome).toBe("authenticated");
    expect(session.run.findings).toEqual([]);
    const listed = session.run.steps.find((s) => s.name === "authenticated request")!;
    expect(listed.status).toBe("ok");
    expect(listed.response?.status).toBe(200);
    expect(listed.response?.body).toContain('"create_event"');
    expect(demo.clientMetadata.fetches()).toBe(1);
  });

  it("a client_id URL on another origin is refused by allowFetch and never fetched", async () => {
    const url = new URL(`${demo.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: elsewhere.clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "calendar.read",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    }).toString();
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "<code>invalid_client</code>: client_id metadata document fetch not allowed",
    );
    expect(elsewhere.fetches()).toBe(0);
  });

  it.each([
    ["default (cimd)", "client ID metadata document", undefined],
    ["preregistered", "pre-registered", "preregistered"],
    ["dcr", "dynamic (deprecated)", "dcr"],
  ] as const)(
    "the headless demo, registration %s, registers by %s and ends authenticated",
    async (_label, method, registration) => {
      const run = await runAuthDemo("calendar-protected", undefined, registration);
      expect(run.outcome).toBe("authenticated");
      expect(run.steps.find((s) => s.name === "registration")!.facts?.method).toBe(method);
    },
  );
});
