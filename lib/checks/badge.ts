/**
 * An SVG badge of a check run for a README: "MCP 2025-11-25 | 93 · 15/16 applied", green when no MUST failed,
 * red when one did, grey when the server was not reached. Pure; every text is escaped (server strings never
 * reach it, but the revision does).
 */
import type { CheckReport } from "./types";

const COLORS = { ok: "#2e7d32", warn: "#b26a00", failed: "#c62828", none: "#616161" } as const;

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Rough width of Verdana 11px text (what badges use), so the boxes fit without a font at hand. */
function width(text: string): number {
  return Math.round(text.length * 6.5 + 10);
}

export function badgeSvg(report: CheckReport): string {
  const label = `MCP ${report.era === "legacy" ? (report.version ?? "legacy") : "2026-07-28"}`;
  const unreachable = report.era === "unreachable" && report.checks.length === 0;
  const value = unreachable
    ? "not reached"
    : `${report.score} · ${report.coverage.applied}/${report.coverage.total} applied`;
  const color = unreachable
    ? COLORS.none
    : report.mustFailed > 0
      ? COLORS.failed
      : report.failed > 0
        ? COLORS.warn
        : COLORS.ok;
  const lw = width(label);
  const vw = width(value);
  const title = `${label} conformance: ${value}${report.mustFailed ? `, ${report.mustFailed} MUST failed` : ""}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${esc(title)}">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${color}"/>`,
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${lw / 2}" y="14">${esc(label)}</text><text x="${lw + vw / 2}" y="14">${esc(value)}</text>`,
    `</g></svg>`,
    "",
  ].join("\n");
}

/** A host only this machine reaches: 127.0.0.0/8, localhost (and its subdomains), ::1. */
function loopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The README Markdown for the badge `badgeFile`: linked to the report's share link `reportUrl` when others can open
 * it (a hosted playground), else — a link to 127.0.0.1:<port> opens only for a reader running a playground on that
 * same port — to the JSON report `reportFile` (Export this run) committed beside the badge. `local` says which.
 */
export function badgeMarkdown(
  badgeFile: string,
  reportUrl: string,
  reportFile: string,
): { markdown: string; local: boolean } {
  let local = false;
  try {
    local = loopbackHost(new URL(reportUrl).hostname);
  } catch {
    local = true; // not a URL: nothing a reader could open either
  }
  return { markdown: `[![MCP conformance](${badgeFile})](${local ? reportFile : reportUrl})`, local };
}
