/**
 * Issue 13, finding 17: a request body nested deeper than the bridge parses is a bad request (400 with the
 * reason), on every route — never a 500 from a stack overflow somewhere downstream (zod, a serializer,
 * structuredClone). The depth is checked on the text, before JSON.parse.
 */
import { describe, expect, it } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import { CONDITION_IDS } from "@/lib/lab/conditions";
import { appRoutesForFile } from "./app-routes";

const TOKEN = "deep-bodies-token";
const app = appRoutesForFile(TOKEN);

/** JSON text whose `hole` (a quoted placeholder) is replaced by arrays nested `depth` levels deep. */
function nested(template: object, depth: number): string {
  return JSON.stringify(template).replace('"HOLE"', "[".repeat(depth) + "]".repeat(depth));
}

const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const ROUTES: { route: string; template: object }[] = [
  { route: "/api/tokens", template: { catalogue: { pages: [{ tools: [{ name: "deep", inputSchema: "HOLE" }] }] } } },
  {
    route: "/api/lab/run",
    template: {
      script: {
        target: CALENDAR,
        steps: [{ frame: { jsonrpc: "2.0", id: 1, method: "ping", params: { x: "HOLE" } } }],
      },
      conditions: [CONDITION_IDS[0]],
    },
  },
  { route: "/api/bridge/send", template: { sendId: "deep-1", target: CALENDAR, frame: "{}", extra: "HOLE" } },
  { route: "/api/bridge/cancel", template: { sendId: "deep-2", extra: "HOLE" } },
  { route: "/api/bridge/listen", template: { target: CALENDAR, extra: "HOLE" } },
  { route: "/api/bridge/process", template: { action: "status", target: CALENDAR, extra: "HOLE" } },
];

describe("a body nested too deeply is refused with 400 and the reason, on every bridge route", () => {
  for (const { route, template } of ROUTES) {
    for (const depth of [LIMITS.maxRequestBodyDepth + 1, 100_000]) {
      it(`${route}: ${depth.toLocaleString("en-US")} levels`, async () => {
        const { status, json } = await app.post(route, nested(template, depth), { [TOKEN_HEADER]: TOKEN });
        expect(json).toEqual({
          ok: false,
          kind: "bad-request",
          message: `the request body nests deeper than ${LIMITS.maxRequestBodyDepth} levels; refused before parsing`,
        });
        expect(status).toBe(400);
      });
    }
  }

  it(`a body exactly ${LIMITS.maxRequestBodyDepth} levels deep is parsed (/api/tokens bills it)`, async () => {
    // The template itself nests 6 levels around the hole.
    const { status, json } = await app.post("/api/tokens", nested(ROUTES[0].template, LIMITS.maxRequestBodyDepth - 6), {
      [TOKEN_HEADER]: TOKEN,
    });
    expect(json).toMatchObject({ ok: true, value: { tools: 1 } });
    expect(status).toBe(200);
  });
});
