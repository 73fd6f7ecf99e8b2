/**
 * Issue 27 bugs 1–2 (nothing a user saw is lost by a reload): a link whose exchange recorded no reply (a hand-made
 * link of frames to try, docs/link-format.md: only what differs from the defaults) is saved and restored like any other.
 */
import { describe, expect, it } from "vitest";
import { initialState } from "@/lib/session";
import { decodeShareFragment } from "@/lib/share/codec";
import { restoreSession, saveSession } from "@/lib/share/persist";
import { sessionFromShare } from "@/lib/share/session-adapter";
import { deflateRawSync } from "node:zlib";

const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
const fragment = `#v=1&s=${deflateRawSync(Buffer.from(JSON.stringify({ exchanges: [{ sent: frame, durationMs: 10 }] }))).toString("base64url")}`;

describe("a link exchange without a recorded reply", () => {
  it("survives the save and the restore of the session it opened", async () => {
    const decoded = await decodeShareFragment(fragment);
    expect(decoded.kind).toBe("ok");
    if (decoded.kind !== "ok") return;
    const session = sessionFromShare(decoded.state, initialState());
    const saved = saveSession(session, { now: 1_790_000_000_000 });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const back = restoreSession(saved.text, initialState());
    expect(back.ok ? back.state.entries.map((e) => e.sent) : back.reason).toEqual([frame]);
  });
});
