/**
 * "Which catalogue was measured", in words. A catalogue is not a constant of the server: it depends on the
 * handshake and on the capabilities the client declared, so a bill must say which one it counted.
 */
import { englishT, type Translate } from "../i18n/translate";
import type { Measured } from "./catalogue";

const EVERYTHING = "mcp-servers/everything";

export function describeMeasured(measured: Measured | undefined, toolCount: number, t: Translate = englishT): string[] {
  if (!measured) return [t("tokens.measured.unknown")];
  const caps = JSON.stringify(measured.capabilities);
  const server = measured.serverInfo?.name
    ? `${measured.serverInfo.name}${measured.serverInfo.version ? ` ${measured.serverInfo.version}` : ""}`
    : t("tokens.measured.theServer");
  const lines: string[] = [];
  const via = measured.transport
    ? t(measured.transport === "http" ? "tokens.measured.overHttp" : "tokens.measured.overStdio")
    : "";
  if (measured.handshake === "none") {
    lines.push(t("tokens.measured.none", { via, server }));
    if (measured.serverInfo?.name === EVERYTHING) lines.push(t("tokens.measured.whyTwelve", { count: toolCount }));
    if (measured.instructionsFrom)
      lines.push(
        t("tokens.measured.instructionsAfter", {
          from: measured.instructionsFrom,
          era: String(measured.era),
          version: measured.protocolVersion ? `, ${measured.protocolVersion}` : "",
        }),
      );
  } else if (measured.handshake === "legacy") {
    lines.push(
      t("tokens.measured.legacy", {
        via,
        caps,
        server,
        version: measured.protocolVersion ?? t("tokens.measured.noVersion"),
      }),
    );
    if (measured.serverInfo?.name === EVERYTHING && toolCount === 13 && caps === "{}")
      lines.push(t("tokens.measured.chapters"));
  } else {
    lines.push(t("tokens.measured.modern", { via, caps }));
  }
  if (measured.requested === "auto") lines.push(t("tokens.measured.probed", { era: String(measured.era) }));
  lines.push(
    t(measured.serverInfo?.name === EVERYTHING ? "tokens.measured.declaredEverything" : "tokens.measured.declared", {
      caps,
    }),
  );
  return lines;
}
