/**
 * One small loopback server per metadata mistake, each proving its finding fires (and with which level), and
 * the discovery order: every attempt recorded, path-aware URLs before root ones.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runAuthFlow } from "@/lib/node/auth/flow";
import { challenge401, goodAs, json, prmFor, serveRoutes, type Routes } from "@/tests/fixtures/auth/metadata";

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function fixture(routes: Routes): Promise<string> {
  const server = await serveRoutes(routes);
  open.push(server.close);
  return server.url;
}

async function codes(routes: Routes): Promise<{
  codes: string[];
  levels: Record<string, string>;
  steps: Awaited<ReturnType<typeof runAuthFlow>>["run"]["steps"];
}> {
  const target = await fixture(routes);
  const { run } = await runAuthFlow({ target });
  return {
    codes: run.findings.map((f) => f.code),
    levels: Object.fromEntries(run.findings.map((f) => [f.code, f.level])),
    steps: run.steps,
  };
}

describe("a finding per metadata mistake", () => {
  it("AUTH_NOT_REQUIRED (info): the endpoint answers without a token", async () => {
    const r = await codes(() => ({ "/mcp": json({ jsonrpc: "2.0", id: 1, result: { tools: [] } }) }));
    expect(r.codes).toEqual(["AUTH_NOT_REQUIRED"]);
    expect(r.levels.AUTH_NOT_REQUIRED).toBe("info");
  });

  it("NOT_A_BEARER_CHALLENGE and PRM_NOT_FOUND (errors): 401 with a Basic challenge and no metadata anywhere", async () => {
    const r = await codes(() => ({ "/mcp": challenge401('Basic realm="x"') }));
    expect(r.codes).toEqual(["NOT_A_BEARER_CHALLENGE", "PRM_NOT_FOUND"]);
    expect(r.steps[1].attempts!.map((a) => [new URL(a.request.url).pathname, a.response!.status])).toEqual([
      ["/.well-known/oauth-protected-resource/mcp", 404],
      ["/.well-known/oauth-protected-resource", 404],
    ]);
  });

  it("AUTH_REQUIRED_BUT_NOT_ADVERTISED (warning): no resource_metadata, metadata only at the root well-known URL, every attempt recorded", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401('Bearer scope="read"'),
      "/.well-known/oauth-protected-resource": json(prmFor(o)),
      "/.well-known/oauth-authorization-server": json(goodAs(o)),
    }));
    expect(r.levels.AUTH_REQUIRED_BUT_NOT_ADVERTISED).toBe("warning");
    expect(r.steps[1].attempts!.map((a) => [new URL(a.request.url).pathname, a.response!.status])).toEqual([
      ["/.well-known/oauth-protected-resource/mcp", 404],
      ["/.well-known/oauth-protected-resource", 200],
    ]);
  });

  it("PRM_RESOURCE_MISMATCH (error): the metadata describes another resource", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm"`),
      "/prm": json(prmFor(o, { resource: "https://other.example/mcp" })),
    }));
    expect(r.codes).toEqual(["NO_SCOPE_IN_CHALLENGE", "PRM_RESOURCE_MISMATCH"]);
    expect(r.levels.PRM_RESOURCE_MISMATCH).toBe("error");
  });

  it("PRM_NO_AUTHORIZATION_SERVERS (error)", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o, { authorization_servers: [] })),
    }));
    expect(r.codes).toEqual(["PRM_NO_AUTHORIZATION_SERVERS"]);
  });

  it("AS_ISSUER_MISMATCH (error): the metadata's issuer has a trailing slash the lookup did not", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o)),
      "/.well-known/oauth-authorization-server": json(goodAs(`${o}/`)),
    }));
    expect(r.codes).toEqual(["AS_ISSUER_MISMATCH"]);
    expect(r.steps[2].status).toBe("fail");
  });

  it("AS_METADATA_NOT_FOUND (error), after the two root URLs", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o)),
    }));
    expect(r.codes).toEqual(["AS_METADATA_NOT_FOUND"]);
    expect(r.steps[2].attempts!.map((a) => new URL(a.request.url).pathname)).toEqual([
      "/.well-known/oauth-authorization-server",
      "/.well-known/openid-configuration",
    ]);
  });

  it("an issuer with a path is looked up at the three path-aware URLs in order", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o, { authorization_servers: [`${o}/tenant1`] })),
      "/tenant1/.well-known/openid-configuration": json(goodAs(`${o}/tenant1`)),
    }));
    expect(r.steps[2].status).toBe("ok");
    expect(r.steps[2].attempts!.map((a) => new URL(a.request.url).pathname)).toEqual([
      "/.well-known/oauth-authorization-server/tenant1",
      "/.well-known/openid-configuration/tenant1",
      "/tenant1/.well-known/openid-configuration",
    ]);
    expect(r.codes).toEqual(["NO_REGISTRATION_PATH"]);
  });

  it("PKCE_S256_NOT_ADVERTISED (error): no code_challenge_methods_supported, the flow stops", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o)),
      "/.well-known/oauth-authorization-server": json(goodAs(o, { code_challenge_methods_supported: undefined })),
    }));
    expect(r.codes).toEqual(["PKCE_S256_NOT_ADVERTISED"]);
    expect(r.steps.map((s) => s.name)).not.toContain("registration");
  });

  it("NO_REGISTRATION_PATH (error) and ISS_PARAMETER_NOT_SUPPORTED (info)", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o)),
      "/.well-known/oauth-authorization-server": json(
        goodAs(o, { authorization_response_iss_parameter_supported: undefined }),
      ),
    }));
    expect(r.codes).toEqual(["ISS_PARAMETER_NOT_SUPPORTED", "NO_REGISTRATION_PATH"]);
    expect(r.levels).toMatchObject({ ISS_PARAMETER_NOT_SUPPORTED: "info", NO_REGISTRATION_PATH: "error" });
  });

  it("INSECURE_ENDPOINT (warning): a non-loopback authorization server over plain http", async () => {
    const r = await codes((o) => ({
      "/mcp": challenge401(`Bearer resource_metadata="${o}/prm", scope="a"`),
      "/prm": json(prmFor(o)),
      "/.well-known/oauth-authorization-server": json(
        goodAs(o, {
          authorization_endpoint: "http://auth.example/authorize",
          token_endpoint: "http://auth.example/token",
        }),
      ),
    }));
    expect(r.codes.filter((c) => c === "INSECURE_ENDPOINT")).toHaveLength(2);
  });
});
