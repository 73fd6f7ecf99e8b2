/**
 * A cassette's answers against a live server's answers to the same requests, each difference classified:
 *
 * breaking — a tool, resource, resource template or prompt removed; a required argument added; an argument removed;
 *   a type changed (at any depth of a result or a schema); a field of a result removed (the recorded shape no longer
 *   validates); an error (or no answer) where a result was; the era changed.
 * not breaking — descriptions and titles; added tools, fields and optional arguments; ordering; other values
 *   (timestamps and ids among them); a result where an error was.
 *
 * A tools/call whose tool was removed or gained a required argument fails because of that one change: its failure
 * is told in that change's detail, not counted again. Pure.
 */
import { msg, say, type Msg } from "../i18n/translate";
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { describeRequest } from "./match";
import { CATALOGUES, compareCatalogue } from "./diff-catalogue";
import {
  add,
  compareValues,
  rest,
  short,
  type DiffPair,
  type DiffReport,
  type Difference,
  type Sink,
} from "./diff-values";

export { compareValues, sayDetail, type DiffPair, type DiffReport, type Difference } from "./diff-values";
export { diffJson, diffJunit, diffRows, diffText, type DiffRow } from "./diff-report";

function withoutId(frame: JsonObject | undefined): string {
  return frame ? canonicalJson(rest(frame, "id")) : "";
}

/** Why the live side has no result; the bridge's own failure text stays as it came. */
function failureOf(live: DiffPair["live"]): Msg | undefined {
  if (live.failure) return msg("diffDetail.failure.asCame", { text: live.failure });
  const error = asObject(live.frame?.error);
  if (error)
    return error.message === undefined || error.message === ""
      ? msg("diffDetail.failure.errorCode", { code: String(error.code) })
      : msg("diffDetail.failure.error", { code: String(error.code), message: String(error.message) });
  if (asObject(live.frame?.result)?.isError === true) return msg("diffDetail.failure.isError");
  return undefined;
}

/** A recorded call that fails because of a catalogue change is told in that change's detail (once, the first call). */
function tellFailingCall(causes: Difference[], where: string, failure: Msg, index: number): void {
  for (const cause of causes) {
    if (!cause.alsoBreaks?.length) {
      cause.detailMsg = msg("diffDetail.callFails", { detail: cause.detailMsg, where, failure });
      cause.detail = say(cause.detailMsg);
    }
    cause.alsoBreaks = [...(cause.alsoBreaks ?? []), index];
  }
}

export function diffPairs(pairs: DiffPair[], era?: { recorded: string; live: string }): DiffReport {
  const report: DiffReport = { breaking: [], nonBreaking: [], same: 0, compared: pairs.length };
  if (era && era.recorded !== "unknown" && era.recorded !== era.live) {
    const detailMsg = msg("diffDetail.eraChanged", { recorded: era.recorded, live: era.live });
    report.breaking.push({ kind: "era-changed", path: "handshake", detail: say(detailMsg), detailMsg });
  }
  const broken = new Map<string, Difference[]>();
  // Catalogues first, so a failing call of a removed or changed tool is told with that change.
  const ordered = [...pairs].sort(
    (x, y) =>
      Number(!((x.request.method as string) in CATALOGUES)) - Number(!((y.request.method as string) in CATALOGUES)),
  );
  for (const pair of ordered) {
    const sink: Sink = { breaking: report.breaking, nonBreaking: report.nonBreaking, index: pair.index };
    const method = pair.request.method as string;
    const where = describeRequest(method, pair.request.params);
    if (pair.live.frame && withoutId(pair.live.frame) === withoutId(pair.recorded)) {
      report.same++;
      continue;
    }
    const recordedResult = asObject(pair.recorded.result);
    const liveResult = asObject(pair.live.frame?.result);
    const liveFailure = failureOf(pair.live);
    if (method === "tools/call" && recordedResult && recordedResult.isError !== true && liveFailure) {
      const tool = asObject(pair.request.params)?.name;
      const causes = typeof tool === "string" ? broken.get(tool) : undefined;
      if (causes?.length) {
        tellFailingCall(causes, where, liveFailure, pair.index);
        continue;
      }
    }
    if (recordedResult && !liveResult) {
      add(
        sink,
        true,
        pair.live.frame ? "error-instead-of-result" : "no-answer",
        where,
        msg("diffDetail.resultGone", { now: liveFailure ?? msg("diffDetail.noResult") }),
      );
      continue;
    }
    if (!recordedResult && liveResult) {
      add(
        sink,
        false,
        "result-instead-of-error",
        where,
        msg("diffDetail.resultNow", { error: short(pair.recorded.error) }),
      );
      continue;
    }
    if (!recordedResult) {
      if (!pair.live.frame)
        add(
          sink,
          true,
          "no-answer",
          where,
          msg("diffDetail.errorGone", { now: liveFailure ?? msg("diffDetail.nothing") }),
        );
      else compareValues(pair.recorded.error, pair.live.frame.error, `${where} error`, sink);
      continue;
    }
    if (recordedResult.isError !== true && liveResult!.isError === true) {
      add(sink, true, "error-instead-of-result", where, msg("diffDetail.isErrorNow"));
      continue;
    }
    if (method in CATALOGUES) compareCatalogue(method, recordedResult, liveResult!, sink, broken);
    else compareValues(recordedResult, liveResult!, `${where} result`, sink);
  }
  const byIndex = (x: Difference, y: Difference) => (x.interaction ?? -1) - (y.interaction ?? -1);
  report.breaking.sort(byIndex);
  report.nonBreaking.sort(byIndex);
  return report;
}
