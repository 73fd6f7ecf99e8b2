import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { ClientFrameSchema, clientFrameJsonSchema } from "@/lib/protocol/schema/client-frame.mjs";

const file = path.resolve(__dirname, "../../lib/protocol/schema/client-frame.schema.json");
const committed = JSON.parse(readFileSync(file, "utf8"));
const validate = new Ajv({ strict: false }).compile(committed);

const envelope = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  "io.modelcontextprotocol/clientInfo": { name: "bare-hands", version: "0.0.1" },
};
const discover = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope } };

const cases: { rule: string; frame: unknown; valid: boolean }[] = [
  { rule: "a server/discover with the envelope is a valid 2026-07-28 client message", frame: discover, valid: true },
  { rule: 'jsonrpc must be "2.0" ("1.0" is rejected)', frame: { ...discover, jsonrpc: "1.0" }, valid: false },
  {
    rule: "a 2026-07-28 request without the _meta envelope is rejected (the server answers -32602)",
    frame: { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
    valid: false,
  },
  {
    rule: "the envelope needs clientCapabilities",
    frame: {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    },
    valid: false,
  },
  {
    rule: "tools/call with the MRTR retry fields is valid",
    frame: {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: {
        _meta: envelope,
        name: "create_event",
        arguments: { title: "Dentist" },
        inputResponses: { when: { action: "accept" } },
        requestState: "abc",
      },
    },
    valid: true,
  },
  { rule: "a request id must not be null", frame: { ...discover, id: null }, valid: false },
  { rule: "ping was removed in 2026-07-28", frame: { jsonrpc: "2.0", id: 1, method: "ping" }, valid: false },
  {
    rule: "notifications/cancelled is the client's one notification",
    frame: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
    valid: true,
  },
  {
    rule: "the legacy initialize is accepted (flagged deprecated)",
    frame: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2026-07-28", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    },
    valid: true,
  },
];

describe("the editor's frame schema comes from the SDK's zod schemas", () => {
  it("the committed JSON Schema is exactly what scripts/gen-frame-schema.mjs generates (regenerate after SDK upgrades)", () => {
    expect(committed).toEqual(clientFrameJsonSchema());
  });

  it.each(cases)("JSON Schema: $rule", ({ frame, valid }) => {
    expect(validate(frame)).toBe(valid);
  });

  it.each(cases)("zod source schema agrees: $rule", ({ frame, valid }) => {
    expect(ClientFrameSchema.safeParse(frame).success).toBe(valid);
  });

  it("legacy handshake frames carry a deprecationMessage (Monaco shows it as a warning)", () => {
    expect(JSON.stringify(committed)).toContain("deprecationMessage");
  });
});
