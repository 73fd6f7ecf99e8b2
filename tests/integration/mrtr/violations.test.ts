// A server that breaks the MRTR server rules: each break is shown as a violation naming the rule, and the
// conversation stays usable (the next request works).
import { afterAll, describe, expect, it } from "vitest";
import path from "node:path";
import type { Target } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { departures, groupConversations, type MrtrRuleId } from "@/lib/protocol/mrtr";
import { readOutcome } from "@/tests/helpers/exchange";

const target: Target = {
  kind: "stdio",
  command: process.execPath,
  args: [path.resolve(import.meta.dirname, "../../fixtures/mrtr/violating-server.mjs")],
};
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
let n = 0;
const sendFrame = (frame: object) =>
  send({
    sendId: `viol-${++n}`,
    target,
    frame: JSON.stringify({ jsonrpc: "2.0", id: n, ...frame }),
    insist: false,
    timeoutMs: 10_000,
    processMode: "keep",
  });

afterAll(() => shutdownAll());

describe("server violations of the MRTR rules are named", () => {
  it.each<[string, object, MrtrRuleId[]]>([
    [
      "neither inputRequests nor requestState",
      { method: "tools/call", params: { _meta: META, name: "neither", arguments: {} } },
      ["server.requests-or-state"],
    ],
    [
      "an unknown request kind",
      { method: "tools/call", params: { _meta: META, name: "unknown_kind", arguments: {} } },
      ["server.known-kind"],
    ],
    [
      "requests for capabilities the client did not declare",
      { method: "tools/call", params: { _meta: META, name: "undeclared", arguments: {} } },
      ["server.declared-capability", "server.declared-capability", "server.declared-capability"],
    ],
    [
      "a nested form schema",
      {
        method: "tools/call",
        params: {
          _meta: { ...META, "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } },
          name: "bad_form",
          arguments: {},
        },
      },
      ["server.form-schema"],
    ],
    ["input_required on tools/list", { method: "tools/list", params: { _meta: META } }, ["server.allowed-method"]],
  ])("%s", async (_label, frame, rules) => {
    const ex = await sendFrame(frame);
    const [c] = groupConversations([ex]);
    expect(c.rounds[0].kind).toBe("input_required");
    expect(departures(c.rounds[0].serverVerdicts).map((v) => v.rule)).toEqual(rules);
  });

  it("after all that the server and the playground still answer", async () => {
    const ex = await sendFrame({ method: "server/discover", params: { _meta: META } });
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { error: { code: -32601 } } });
  });
});
