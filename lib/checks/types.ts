/**
 * The shapes of the conformance suite (digest §14): a check, its verdict, the send function the runner is
 * given, and the report. Pure: the UI, the CLI and the tests share these.
 */
import type { Exchange, SendOptions } from "../bridge/contract";
import type { AuthJudgement } from "../auth/types";
import type { Msg } from "../i18n/translate";

export type Level = "MUST" | "SHOULD" | "MAY";
/**
 * "skip": the rule does not apply (the feature is absent). "not-testable": it applies, but something optional the
 * suite needs to test it is missing (no tool it may call, no session to break): never a failure, and out of the score.
 */
export type Status = "pass" | "fail" | "warn" | "skip" | "not-testable";
/** The protocol eras a rule belongs to: the 2026-07-28 one, and the initialize-handshake revisions (2025-11-25, 2025-06-18). */
export type CheckEra = "modern" | "legacy";
export type TransportScope = "stdio" | "http" | "both";

/** What a check says: English text, or a catalogue Msg (English in the CLI's JSON, the reader's language on the page). */
export type Detail = string | Msg;

/** What one check concluded. `evidence` names the exchanges (sendIds) that prove it. */
export interface Verdict {
  status: Status;
  /** One sentence; for a failure it also says how to fix it. */
  detail: string;
  /** The same sentence as a catalogue key and values, so the page says it in the reader's language. */
  detailMsg?: Msg;
  evidence: string[];
  /**
   * The keyword that applies to this outcome when a check covers rules of different strength
   * (C17: order SHOULD be deterministic, contents MUST NOT vary). Defaults to the check's level.
   */
  level?: Level;
  /**
   * A skip because a precondition broke (no discover answer, no acknowledgement), not because the feature is
   * absent: the check could not run, so it stays in the score's denominator (lib/checks/score.ts).
   */
  blocked?: boolean;
}

/** Where the rule is written: the digest section and the page of the normative text. */
export interface SpecRef {
  section: string;
  /** Path under docs/specification/2026-07-28/ of modelcontextprotocol/modelcontextprotocol. */
  path: string;
  /** For a rule legacy servers are judged on too: the page (and #anchor) under docs/specification/2025-11-25/. */
  legacy?: string;
}

/** HTTP-level control the ordinary bridge send does not give: another method, implied headers left out, an Origin. */
export type HttpControl = NonNullable<SendOptions["http"]>;

/**
 * The bridge's send options as they are (headers: HTTP extras that replace implied ones of the same name;
 * processMode "fresh": statelessness, startup output, EOF; insist: a batch for C62), plus the timeline label.
 */
export interface CheckSendOptions extends SendOptions {
  /** Shown in the timeline next to the exchange, e.g. "C07 missing clientCapabilities". */
  label?: string;
  /** The label in the reader's language, when it has words beyond identifiers (the page's card says it). */
  labelMsg?: Msg;
  /** A legacy HTTP run: false sends without the session's Mcp-Session-Id and MCP-Protocol-Version (default: with). */
  session?: boolean;
}

/** Delivers one frame the way the bridge does and returns the exchange record. */
export type CheckSend = (frameText: string, options: CheckSendOptions) => Promise<Exchange>;

/** Which tools the suite may call. Calls can have side effects, so the default is read-only tools only. */
export type ToolCallPolicy = "none" | "read-only" | "all";

/** Client emulation (issue 20): one home, lib/protocol/emulation.ts, shared with the page and the CLI. */
export type { Emulation } from "../protocol/emulation";
import type { Emulation } from "../protocol/emulation";

export interface RunOptions {
  emulate?: Emulation;
  /** HTTP URL targets: judges the server's authorization from outside (lib/auth), for C57 and A01–A10. */
  authorization?: () => Promise<AuthJudgement | undefined>;
  /**
   * Also judge the MCP Apps rules (AP01–AP15) when the server has app tools (lib/checks/apps.ts): the CLI's check
   * does, so an author's CI sees them; the Checks tab leaves them to the Apps tab.
   */
  apps?: boolean;
  /**
   * Also judge the Skills extension's rules (S01–S07) when the server declares it (lib/checks/skills.ts): the CLI's
   * check does; the Checks tab leaves them to the Skills tab.
   */
  skills?: boolean;
  /** Run only these check ids (the era probe still runs first). */
  only?: string[];
  toolCalls?: ToolCallPolicy;
  /** Per-send timeout for ordinary requests. */
  timeoutMs?: number;
  /** How long a subscriptions/listen stream is watched before the suite lets it go. */
  listenWindowMs?: number;
  /** Called as each check starts and finishes, so a panel can show progress. */
  onProgress?: (event: { id: string; phase: "start" } | { id: string; phase: "done"; result: CheckResult }) => void;
}

/** A legacy run: the session the era probe's initialize opened (stdio: the kept process; HTTP: Mcp-Session-Id). */
export interface LegacySession {
  /** The initialize result: capabilities, serverInfo, protocolVersion. */
  result: Record<string, unknown>;
  /** Streamable HTTP: the session id the initialize reply minted (undefined for a stateless server). */
  sessionId?: string;
  /** The exchanges of the probe's handshake (initialize, notifications/initialized). */
  handshake: Exchange[];
}

export interface CheckContextBase {
  transport: "stdio" | "http";
  era: CheckEra;
  /** The version the probe settled on (a 2026-07-28-era one, or the legacy revision initialize answered). */
  version: string;
  legacy?: LegacySession;
  options: Required<Pick<RunOptions, "toolCalls" | "timeoutMs" | "listenWindowMs">>;
  emulate?: Emulation;
}

export interface CheckResult {
  id: string;
  title: string;
  /** The title as a catalogue Msg, for a row whose title is not `checks.title.<id>` (the MCP Apps checks). */
  titleMsg?: Msg;
  level: Level;
  status: Status;
  specRef: string;
  spec: SpecRef;
  transports: TransportScope;
  detail: string;
  /** The detail as a catalogue key and values (English in `detail`). */
  detailMsg?: Msg;
  evidence: string[];
  /** The public page of the rule (for the era the server was judged in). */
  specUrl: string;
  /** The frames of the evidence exchanges, sent and received, trimmed (lib/checks/evidence.ts). */
  frames?: EvidenceFrame[];
  durationMs: number;
  /** Skipped because it could not run (see Verdict.blocked). */
  blocked?: boolean;
}

export interface EvidenceFrame {
  direction: "sent" | "received";
  frame: string;
}

/** What a legacy (initialize-handshake) server gets instead of a wall of failures. */
export interface EraReport {
  /** The revision the server answered initialize with, e.g. "2025-11-25". */
  revision?: string;
  serverInfo?: { name?: string; version?: string };
  /** What a modern-only (2026-07-28) client meets when it talks to this server. */
  modernClientSees: string;
  /** The same as a catalogue Msg, for the page in the reader's language (left out of the CLI's --json). */
  modernClientSeesMsg?: Msg;
  /** The era-ambiguity check: does it serve a request that came without a handshake? (detailMsg: as above) */
  ambiguity: { status: "warn" | "pass" | "skip"; detail: string; detailMsg?: Msg; evidence: string[] };
  advice: string;
  /** The advice as a catalogue Msg (left out of the CLI's --json): a pinned run's advice differs. */
  adviceMsg?: Msg;
  evidence: string[];
}

export interface CheckReport {
  target: string;
  transport: "stdio" | "http";
  era: "modern" | "modern-wrong-version" | "legacy" | "unreachable";
  version?: string;
  /** Why the probe decided the era (one sentence), and its exchanges. */
  probe: { reason: string; reasonMsg?: Msg; evidence: string[] };
  /** The client emulation the run used, when any. */
  emulate?: Emulation;
  /**
   * Set when server/discover failed but the server answered an ordinary request with the envelope: a modern
   * server with broken discovery, checked anyway (the discovery checks fail with this reason).
   */
  discoveryFailure?: string;
  /** The same as a catalogue Msg (the page says it in the reader's language). */
  discoveryFailureMsg?: Msg;
  checks: CheckResult[];
  eraReport?: EraReport;
  passed: number;
  failed: number;
  warned: number;
  skipped: number;
  /** Checks that applied but could not be tested for want of something optional. */
  notTestable: number;
  /** Failed checks whose level is MUST: the CLI exits non-zero when this is above zero. */
  mustFailed: number;
  /** 0–100 (lib/checks/score.ts). */
  score: number;
  /** How many checks applied (judged, or could not run) of those for this era and transport. */
  coverage: { applied: number; total: number };
}
