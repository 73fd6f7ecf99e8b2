import { describe, expect, it } from "vitest";
import { bearerChallenge, parseWwwAuthenticate } from "@/lib/auth/www-authenticate";
import { asMetadataCandidates, canonicalResource, prmCandidates } from "@/lib/auth/discovery";
import { maskBody, maskHeaders, maskUrl } from "@/lib/auth/mask";

describe("WWW-Authenticate parsing (RFC 9110 §11.6.1)", () => {
  it("reads quoted and token values, case-insensitive names, escapes", () => {
    expect(
      bearerChallenge(
        'BEARER Resource_Metadata="https://x/.well-known/oauth-protected-resource/mcp", scope="a b", error=insufficient_scope, error_description="say \\"hi\\""',
      ),
    ).toEqual({
      resource_metadata: "https://x/.well-known/oauth-protected-resource/mcp",
      scope: "a b",
      error: "insufficient_scope",
      error_description: 'say "hi"',
    });
  });
  it("separates several challenges in one header", () => {
    expect(parseWwwAuthenticate('Basic realm="r", Bearer scope="s"')).toEqual([
      { scheme: "basic", params: { realm: "r" } },
      { scheme: "bearer", params: { scope: "s" } },
    ]);
  });
  it("no Bearer challenge is undefined", () => {
    expect(bearerChallenge('Basic realm="r"')).toBeUndefined();
    expect(bearerChallenge(null)).toBeUndefined();
  });
});

describe("discovery URL order", () => {
  it("protected resource metadata: header URL, path-aware, root", () => {
    expect(prmCandidates("https://h.example/api/mcp", "https://h.example/prm")).toEqual([
      "https://h.example/prm",
      "https://h.example/.well-known/oauth-protected-resource/api/mcp",
      "https://h.example/.well-known/oauth-protected-resource",
    ]);
  });
  it("authorization server metadata with and without a path", () => {
    expect(asMetadataCandidates("https://a.example")).toEqual([
      "https://a.example/.well-known/oauth-authorization-server",
      "https://a.example/.well-known/openid-configuration",
    ]);
    expect(asMetadataCandidates("https://a.example/t1")).toEqual([
      "https://a.example/.well-known/oauth-authorization-server/t1",
      "https://a.example/.well-known/openid-configuration/t1",
      "https://a.example/t1/.well-known/openid-configuration",
    ]);
  });
  it("canonical resource: lowercase scheme and host, no fragment, no lone trailing slash", () => {
    expect(canonicalResource("HTTPS://MCP.Example.com/MCP#x")).toBe("https://mcp.example.com/MCP");
    expect(canonicalResource("https://mcp.example.com/")).toBe("https://mcp.example.com");
  });
});

describe("secrets are masked before they are recorded", () => {
  it("Authorization header, token fields in JSON and forms, code in a URL", () => {
    const secret = "eyJhbGciOiJSUzI1NiJ9.payload.signature";
    expect(maskHeaders({ Authorization: `Bearer ${secret}` }).Authorization).not.toContain(secret);
    expect(maskBody(JSON.stringify({ access_token: secret, token_type: "Bearer" }))).not.toContain(secret);
    expect(maskBody(`grant_type=refresh_token&refresh_token=${secret}`, "application/x-www-form-urlencoded")).toBe(
      `grant_type=refresh_token&refresh_token=eyJh…(${secret.length} chars, masked)`,
    );
    expect(maskUrl(`http://127.0.0.1/callback?code=${secret}&state=s`)).toBe(
      `http://127.0.0.1/callback?code=eyJh…(${secret.length} chars, masked)&state=s`,
    );
  });
});
