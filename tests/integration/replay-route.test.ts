/**
 * The page's "replay of …" target through the playground's own routes (POST /api/bridge/send): the host hands the
 * gallery's recordings to the bridge's replay transport (lib/node/host/app.ts installGalleryReplays), so the bridge,
 * which imports no share or cassette code, answers from the recording.
 */
import { describe, expect, it } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { exampleById } from "@/lib/share/examples";
import { appRoutesForFile } from "./app-routes";

const TOKEN = "replay-route-token";
const app = appRoutesForFile(TOKEN);

describe("a replay target sent through the routes", () => {
  it("answers the gallery example's frame from its recording, spawning nothing", async () => {
    const recorded = exampleById("dentist-mrtr")!.state.exchanges[0];
    const { status, json } = await app.post(
      "/api/bridge/send",
      { sendId: "replay-route-1", target: { kind: "replay", cassette: "dentist-mrtr" }, frame: recorded.sent },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(status).toBe(200);
    const x = (json as { ok: true; value: Exchange }).value;
    expect(x.events[0]).toMatchObject({
      kind: "note",
      text: 'a replay: answered from the recording of the gallery example "dentist-mrtr"; nothing was spawned or sent',
    });
    expect(x.events.some((e) => e.kind === "spawn")).toBe(false);
    expect(x.outcome).toEqual(recorded.outcome);
  });
});
