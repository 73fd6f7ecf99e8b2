/**
 * "Which catalogue was measured", in words. A catalogue is not a constant of the server: it depends on the
 * handshake and on the capabilities the client declared, so a bill must say which one it counted.
 */
import type { Measured } from "./catalogue";

const EVERYTHING = "mcp-servers/everything";

export function describeMeasured(measured: Measured | undefined, toolCount: number): string[] {
  if (!measured) return ["Edited or pasted catalogue: how it was obtained is not known."];
  const caps = JSON.stringify(measured.capabilities);
  const server = measured.serverInfo?.name
    ? `${measured.serverInfo.name}${measured.serverInfo.version ? ` ${measured.serverInfo.version}` : ""}`
    : "the server";
  const lines: string[] = [];
  const via = measured.transport ? ` over ${measured.transport === "http" ? "Streamable HTTP" : "stdio"}` : "";
  if (measured.handshake === "none") {
    lines.push(
      `Measured with no handshake${via}: tools/list was the first thing ${server} heard. ` +
        "A legacy server then lists only what it registered at start-up — tools it adds once notifications/initialized arrives, " +
        "or because the client declared a capability, are missing.",
    );
    if (measured.serverInfo?.name === EVERYTHING) {
      lines.push(
        `That is why this catalogue has ${toolCount} tools and the chapter's has 13: server-everything registers simulate-research-query only after notifications/initialized.`,
      );
    }
    if (measured.instructionsFrom)
      lines.push(
        `The instructions were read afterwards from ${measured.instructionsFrom} (${measured.era} era${measured.protocolVersion ? `, ${measured.protocolVersion}` : ""}); that handshake was not completed.`,
      );
  } else if (measured.handshake === "legacy") {
    lines.push(
      `Measured after a legacy handshake${via}: initialize declaring capabilities ${caps}, ${server} answered ${measured.protocolVersion ?? "without a protocolVersion"}, then notifications/initialized.`,
    );
    if (measured.serverInfo?.name === EVERYTHING && toolCount === 13 && caps === "{}")
      lines.push("This is the catalogue the chapter measured (13 tools with empty capabilities).");
  } else {
    lines.push(
      `Measured as a 2026-07-28 client${via}: server/discover, then tools/list carrying the _meta envelope with clientCapabilities ${caps}.`,
    );
  }
  if (measured.requested === "auto") lines.push(`The era was probed (server/discover first): ${measured.era}.`);
  lines.push(
    `Declared client capabilities: ${caps}. A server may add tools for what a client can do` +
      (measured.serverInfo?.name === EVERYTHING
        ? " — server-everything lists 13 tools with {}, 14 with roots, sampling or elicitation, 15 with elicitation form and url, 19 with all of them plus tasks."
        : "."),
  );
  return lines;
}
