/**
 * dateTranscript: which protocol revisions a transcript (or an article's snippets) fits, and why.
 *
 * Every piece of evidence has a window of revisions it can occur in (introduced … removed). The transcript's
 * revisions are the intersection of the windows. When newer evidence rules out older evidence (a 2026-07-28
 * client falling back to initialize with a legacy server), the older evidence is kept as a reason but reported
 * as "legacy fallback shown next to newer features" instead of emptying the answer. Protocol versions the
 * transcript names itself (initialize, _meta, MCP-Protocol-Version) then narrow the window when they fall in it.
 */
import { extractEvidence, type Extracted } from "./extract";
import { jsonFindings, lineFindings, type Finding } from "./dating-findings";
import { LIFECYCLE, lifecycleBadge, lifecycleSentence, type LifecycleId } from "./lifecycle";
import { REVISIONS, type Revision } from "./types";
import { englishT, say, type Translate } from "../i18n/translate";

export interface DatingReason {
  feature: string;
  /** A short snippet of where it was seen, with its line. */
  evidence: string;
  /** The revisions this feature can occur in. */
  revisions: string[];
  /** Set when newer features outvote it (e.g. a modern client's legacy fallback). */
  note?: string;
}

export interface DatedFeature {
  feature: string;
  evidence: string;
  level: "deprecated" | "removed";
  badge: string;
  text: string;
}

export interface TranscriptDating {
  /** Revisions the transcript fits, oldest first; empty when it holds no MCP evidence. */
  revisions: string[];
  /** One line for people: "uses initialize and Mcp-Session-Id: 2025-11-25 or earlier". */
  summary: string;
  reasons: DatingReason[];
  /** Features it uses that are deprecated or removed as of 2026-07-28. */
  deprecatedOrRemoved: DatedFeature[];
  /** Protocol versions the transcript names itself. */
  namedVersions: string[];
  /** How much was found: JSON values, headers, HTTP and SSE lines. */
  found: { json: number; headers: number; http: number; sse: number };
  /** Which task wire the transcript speaks, when it shows tasks: the 2026 extension, 2025-11-25's core tasks, or both. */
  tasks?: { wire: TaskWire; text: string };
}

/** "extension": io.modelcontextprotocol/tasks (2026-07-28); "core": the tasks of the 2025-11-25 core protocol. */
export type TaskWire = "extension" | "core" | "both";

const idx = (r: Revision) => REVISIONS.indexOf(r);

function windowOf(f: Finding): Revision[] {
  return REVISIONS.filter((r) => idx(r) >= idx(f.from) && (f.until === undefined || idx(r) < idx(f.until)));
}

/** Beyond this the tolerant extraction gets slow (seconds); a transcript is rarely a tenth of it. */
export const MAX_TRANSCRIPT_CHARS = 1_000_000;

/** The revisions all the findings allow together, and which findings set its bounds or were outvoted. */
interface DatingWindow {
  /** The newest feature's introduction. */
  lower: Revision;
  /** The first revision the binding findings no longer fit (exclusive). */
  upper?: Revision;
  /** Findings that fit the window; the others are older evidence outvoted by newer (a legacy fallback). */
  binding: Finding[];
  outvoted: Finding[];
  revisions: string[];
  /** The versions the transcript names itself that fall in the window. */
  namedInWindow: string[];
  /** The window narrowed to those named versions. */
  narrowed: boolean;
}

function windowFor(findings: Finding[], named: Set<string>): DatingWindow {
  // Lower bound: the newest feature's introduction. Older evidence that cannot coexist with it is outvoted.
  const lower = findings.reduce((max, f) => (idx(f.from) > idx(max) ? f.from : max), REVISIONS[0] as Revision);
  const fits = (f: Finding) => f.until === undefined || idx(f.until) > idx(lower);
  const binding = findings.filter(fits);
  const upper = binding.reduce<Revision | undefined>(
    (min, f) => (f.until && (!min || idx(f.until) < idx(min)) ? f.until : min),
    undefined,
  );
  const between = REVISIONS.filter((r) => idx(r) >= idx(lower) && (!upper || idx(r) < idx(upper))) as string[];
  const namedInWindow = between.filter((r) => named.has(r));
  const narrowed = namedInWindow.length > 0 && namedInWindow.length < between.length;
  const outvoted = findings.filter((f) => !fits(f));
  return { lower, upper, binding, outvoted, revisions: narrowed ? namedInWindow : between, namedInWindow, narrowed };
}

function reasonsFor(findings: Finding[], w: DatingWindow, namedVersions: string[], t: Translate): DatingReason[] {
  const reasons = dedupe(findings).map((f): DatingReason => {
    const reason: DatingReason = { feature: say(f.feature, t), evidence: f.evidence, revisions: windowOf(f) };
    if (w.outvoted.includes(f)) reason.note = t("explain.d.outvoted", { lower: w.lower });
    return reason;
  });
  if (namedVersions.length > 0) {
    reasons.push({
      feature: t("explain.d.names", { count: namedVersions.length, versions: namedVersions.join(", ") }),
      evidence: t("explain.d.namesEvidence"),
      revisions: w.namedInWindow.length > 0 ? w.namedInWindow : namedVersions,
      ...(w.narrowed ? {} : w.namedInWindow.length === 0 ? { note: t("explain.d.namesOutside") } : {}),
    });
  }
  return reasons;
}

function countFound(items: Extracted[]): TranscriptDating["found"] {
  return {
    json: items.filter((x) => x.kind === "json").length,
    headers: items.filter((x) => x.kind === "header").length,
    http: items.filter((x) => x.kind === "http-request" || x.kind === "http-status").length,
    sse: items.filter((x) => x.kind === "sse").length,
  };
}

/** A dating that finds no revision: too long to read, or no MCP evidence in it. */
function undated(summary: string, namedVersions: string[], found: TranscriptDating["found"]): TranscriptDating {
  return { revisions: [], summary, reasons: [], deprecatedOrRemoved: [], namedVersions, found };
}

export function dateTranscript(text: string, t: Translate = englishT): TranscriptDating {
  if (text.length > MAX_TRANSCRIPT_CHARS) {
    const summary = t("explain.d.tooLong", { length: text.length, max: MAX_TRANSCRIPT_CHARS });
    return undated(summary, [], { json: 0, headers: 0, http: 0, sse: 0 });
  }
  const items = extractEvidence(text);
  const named = new Set<string>();
  const findings: Finding[] = [];
  for (const item of items) if (item.kind === "json") findings.push(...jsonFindings(item, named));
  findings.push(...lineFindings(items, named));
  const found = countFound(items);
  const namedVersions = [...named].sort();
  if (findings.length === 0) return undated(t("explain.d.nothing"), namedVersions, found);

  const w = windowFor(findings, named);
  const tasks = taskWireOf(findings, t);
  return {
    revisions: w.revisions,
    summary: summarize(w, t) + (tasks ? ` ${tasks.text}` : ""),
    reasons: reasonsFor(findings, w, namedVersions, t),
    deprecatedOrRemoved: lifecycleOf(findings, t),
    namedVersions,
    found,
    ...(tasks ? { tasks } : {}),
  };
}

function taskWireOf(findings: Finding[], t: Translate): TranscriptDating["tasks"] {
  const ext = findings.filter((f) => f.taskWire === "extension");
  const core = findings.filter((f) => f.taskWire === "core");
  if (ext.length && core.length) {
    return {
      wire: "both",
      text: t("explain.d.tasksBoth", { core: names(core, t), ext: names(ext, t) }),
    };
  }
  if (ext.length)
    return {
      wire: "extension",
      text: t("explain.d.tasksExtension", { ext: names(ext, t) }),
    };
  if (core.length) return { wire: "core", text: t("explain.d.tasksCore", { core: names(core, t) }) };
  return undefined;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const f of findings) if (!seen.has(say(f.feature))) seen.set(say(f.feature), f);
  return [...seen.values()];
}

function lifecycleOf(findings: Finding[], t: Translate): DatedFeature[] {
  const seen = new Map<LifecycleId, DatedFeature>();
  for (const f of findings) {
    if (!f.lifecycle || seen.has(f.lifecycle)) continue;
    const entry = LIFECYCLE[f.lifecycle];
    seen.set(f.lifecycle, {
      feature: say(f.feature, t),
      evidence: f.evidence,
      level: entry.status,
      badge: lifecycleBadge(entry, t),
      text: lifecycleSentence(entry, t),
    });
  }
  return [...seen.values()];
}

function names(fs: Finding[], t: Translate): string {
  const labels = [...new Set(fs.map((f) => say(f.feature, t)))].slice(0, 3);
  return labels.length <= 1
    ? (labels[0] ?? "")
    : t("explain.d.and", { list: labels.slice(0, -1).join(", "), last: labels[labels.length - 1] });
}

function summarize(w: DatingWindow, t: Translate): string {
  const { revisions, lower, upper, binding } = w;
  const range =
    revisions.length === 1
      ? revisions[0]
      : t("explain.d.range", { from: revisions[0], to: revisions[revisions.length - 1] });
  const parts: string[] = [];
  const newest = binding.filter((f) => f.from === lower && lower !== REVISIONS[0]);
  if (newest.length > 0) parts.push(t("explain.d.orLater", { features: names(newest, t), revision: lower }));
  if (upper) {
    const last = REVISIONS[idx(upper) - 1];
    const features = names(
      binding.filter((f) => f.until === upper),
      t,
    );
    parts.push(t("explain.d.orEarlier", { features, revision: last }));
  }
  if (parts.length === 0) parts.push(t("explain.d.onlyCommon"));
  if (w.narrowed) parts.push(t("explain.d.namesItself", { versions: w.namedInWindow.join(", ") }));
  const tail = w.outvoted.length > 0 ? t("explain.d.alsoShows", { features: names(w.outvoted, t) }) : "";
  return t("explain.d.summary", { parts: parts.join("; "), range, tail });
}
