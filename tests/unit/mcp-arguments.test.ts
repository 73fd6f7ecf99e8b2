/** The MCP server's tool arguments become the CLI's argv (lib/node/cli/mcp/arguments.ts): one parse, the CLI's names. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ArgumentError, inputSchema, targetArgv, toolArgv } from "@/lib/node/cli/mcp/arguments";

const CHECK = {
  "call-tools": { kind: "string" as const, description: "" },
  "listen-window": { kind: "integer" as const, description: "" },
  "no-mrtr": { kind: "boolean" as const, description: "" },
};

describe("tool arguments → the command's argv", () => {
  it("a stdio target keeps its command line whole (the CLI splits it, no shell), with cwd and env as the CLI takes them", () => {
    expect(targetArgv({ stdio: 'node "my server.js" --port 1', cwd: "srv", env: { TOKEN: "a=b" } })).toEqual([
      "--stdio",
      'node "my server.js" --port 1',
      "--cwd",
      "srv",
      "--env",
      "TOKEN=a=b",
    ]);
  });

  it("a url target carries its headers; a demo may ask for HTTP", () => {
    expect(targetArgv({ url: "https://x.example/mcp", headers: { Authorization: "Bearer t" } })).toEqual([
      "--url",
      "https://x.example/mcp",
      "--header",
      "Authorization: Bearer t",
    ]);
    expect(targetArgv({ demo: "calendar", http: true, timeout: 5000 })).toEqual([
      "--demo",
      "calendar",
      "--http",
      "--timeout",
      "5000",
    ]);
  });

  it("exactly one target, each companion only with its own target", () => {
    const refusal = (args: Record<string, unknown>) => {
      try {
        targetArgv(args);
      } catch (e) {
        expect(e).toBeInstanceOf(ArgumentError);
        return (e as Error).message;
      }
      return "accepted";
    };
    expect(refusal({})).toBe(
      'name a target: { "demo": "<name>" }, { "stdio": "<command line>" } or { "url": "<http(s) URL>" }',
    );
    expect(refusal({ demo: "calendar", url: "http://x" })).toBe("name one target, not demo and url");
    expect(refusal({ url: "http://x", env: { A: "1" } })).toBe("env goes with stdio, not with url");
    expect(refusal({ stdio: "node s.js", headers: { A: "1" } })).toBe("headers goes with url, not with stdio");
    expect(refusal({ stdio: "node s.js", env: { "A=B": "1" } })).toBe('env: "A=B" is not a variable name');
    expect(refusal({ url: "http://x", headers: { "Bad: name": "1" } })).toBe(
      'headers: "Bad: name" is not a header name',
    );
  });

  it("the command's options keep the CLI's names; switches are flags; unknown arguments are refused by name", () => {
    expect(toolArgv({ demo: "calendar", "call-tools": "all", "listen-window": 300, "no-mrtr": true }, CHECK)).toEqual([
      "--demo",
      "calendar",
      "--call-tools",
      "all",
      "--listen-window",
      "300",
      "--no-mrtr",
    ]);
    expect(toolArgv({ demo: "calendar", "no-mrtr": false }, CHECK)).toEqual(["--demo", "calendar"]);
    expect(() => toolArgv({ demo: "calendar", junit: "x.xml" }, CHECK)).toThrow(
      /^unknown argument junit; this tool takes demo, http, stdio/,
    );
  });

  it("the input schema has the three target forms at the top level and the options, and nothing else", () => {
    const schema = inputSchema(CHECK, []);
    expect(Object.keys(schema.properties as object)).toEqual([
      "demo",
      "http",
      "stdio",
      "cwd",
      "env",
      "url",
      "headers",
      "timeout",
      "call-tools",
      "listen-window",
      "no-mrtr",
    ]);
    expect(schema.additionalProperties).toBe(false);
  });
});

describe("the README's agent section", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  it("gives an mcpServers block a host can read, starting `cli mcp` through npm", () => {
    const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)```/.exec(readme)?.[1];
    const parsed = JSON.parse(block!) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const server = parsed.mcpServers["mcp-playground"];
    expect(server.command).toBe("npm");
    expect(server.args.slice(-4)).toEqual(["--silent", "cli", "--", "mcp"]);
  });
});
