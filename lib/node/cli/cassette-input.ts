/**
 * What the cassette commands accept where a cassette is expected: a cassette file, a playground session file, a
 * share link (the page URL or just its #fragment), an mcp-recorder cassette, or a JSON Lines transcript. Anything
 * but a cassette is turned into one on the way in (lib/cassette/from-session.ts: secrets stripped as for links).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { parseFramesJsonl } from "@/lib/cassette/replay";
import type { JsonObject } from "@/lib/protocol/json";
import { CASSETTE_LIMITS } from "@/lib/cassette/format";
import { cassetteFromShareState, cassetteFromText, type CassetteInput } from "@/lib/cassette/input";
import { decodeShareFragment, linkErrorMessage } from "@/lib/share/codec";

export type { CassetteInput };

export async function readCassetteInput(arg: string): Promise<CassetteInput> {
  if (existsSync(arg) && statSync(arg).isFile()) {
    if (statSync(arg).size > CASSETTE_LIMITS.maxChars * 4)
      return { ok: false, reason: `${arg} is larger than ${CASSETTE_LIMITS.maxChars * 4} bytes` };
    return cassetteFromText(readFileSync(arg, "utf8"), arg);
  }
  if (arg.includes("#") || arg.startsWith("v=")) {
    const decoded = await decodeShareFragment(arg.includes("#") ? arg.slice(arg.indexOf("#")) : `#${arg}`);
    if (decoded.kind === "none") return { ok: false, reason: "the link has no playground state (#v=…&s=…)" };
    if (decoded.kind === "error") return { ok: false, reason: linkErrorMessage(decoded.reason) };
    return cassetteFromShareState(decoded.state, "share link", true);
  }
  return { ok: false, reason: `${JSON.stringify(arg.slice(0, 200))} is neither a file nor a share link (…#v=1&s=…)` };
}

/** --frames: a JSON Lines file of requests, one a line; null once stderr says why it could not be read. */
export function readFramesFile(file: string): JsonObject[] | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    process.stderr.write(`could not read ${file}: ${(e as Error).message}\n`);
    return null;
  }
  const frames = parseFramesJsonl(text);
  if (!frames.ok) {
    process.stderr.write(`could not read the frames in ${file}: ${frames.reason}\n`);
    return null;
  }
  return frames.frames;
}
