/**
 * "Are my cache hints present and right?" for a server author: asks every cacheable method once (lists
 * page by page, resources/read for the first listed resource) and reports each answer's hints in words
 * with the violations, including different scopes across the pages of one list. Pure: `send` is injected.
 */
import { buildEnvelope, type Envelope } from "../../protocol/meta";
import { cacheBadge, type CacheBadge } from "./badge";
import { ANONYMOUS } from "./auth";
import { asObject } from "../../protocol/json";
import { followCursors } from "../../protocol/paging";
import { EMPTY_CACHE, partitionFor, store, type CacheState } from "./store";
import type { CacheViolation } from "./violations";

/** Sends one frame and returns the reply frame, or a string saying why there is none. */
export type AuditSend = (
  frameText: string,
) => Promise<{ ok: true; response: unknown } | { ok: false; message: string }>;

export interface AuditRow {
  method: string;
  params: Record<string, unknown>;
  outcome:
    | { kind: "answered"; badge: CacheBadge; violations: CacheViolation[] }
    | { kind: "error"; code?: number; message: string }
    | { kind: "failed"; message: string };
}

export interface AuditReport {
  rows: AuditRow[];
  errors: number;
  warnings: number;
}

const LISTS = ["tools/list", "prompts/list", "resources/list", "resources/templates/list"] as const;

export async function auditCacheHints(
  send: AuditSend,
  opts: { envelope?: Envelope; maxPages?: number } = {},
): Promise<AuditReport> {
  const envelope = opts.envelope ?? buildEnvelope();
  const maxPages = opts.maxPages ?? 5;
  let id = 0;
  let cache: CacheState = EMPTY_CACHE;
  const rows: AuditRow[] = [];
  let firstUri: string | undefined;

  async function ask(method: string, params: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const frame = { jsonrpc: "2.0", id: ++id, method, params: { _meta: envelope, ...params } };
    const sent = await send(JSON.stringify(frame));
    if (!sent.ok) {
      rows.push({ method, params, outcome: { kind: "failed", message: sent.message } });
      return undefined;
    }
    const reply = asObject(sent.response);
    const error = asObject(reply?.error);
    if (error) {
      rows.push({
        method,
        params,
        outcome: {
          kind: "error",
          ...(typeof error.code === "number" && { code: error.code }),
          message: String(error.message ?? ""),
        },
      });
      return undefined;
    }
    // A scratch cache gives the cross-page scope check (a private context: nothing is shared here).
    const out = store(cache, frame, sent.response, {
      partition: partitionFor("audit", frame),
      auth: ANONYMOUS,
      now: 0,
    });
    cache = out.state;
    rows.push({
      method,
      params,
      outcome: { kind: "answered", badge: cacheBadge(frame, sent.response, 0), violations: out.violations },
    });
    return asObject(reply?.result);
  }

  await ask("server/discover", {});
  for (const method of LISTS) {
    // Every page is audited, a repeated one too (the audit judges hints, not the paging).
    await followCursors(
      async (cursor, page) => {
        const result = await ask(method, cursor === undefined ? {} : { cursor });
        if (method === "resources/list" && page === 0) {
          const first = asObject((result?.resources as unknown[] | undefined)?.[0]);
          if (typeof first?.uri === "string") firstUri = first.uri;
        }
        return { page: result, next: result?.nextCursor };
      },
      { maxPages, repeats: "follow" },
    );
  }
  if (firstUri !== undefined) await ask("resources/read", { uri: firstUri });

  const all = rows.flatMap((r) => (r.outcome.kind === "answered" ? r.outcome.violations : []));
  return {
    rows,
    errors: all.filter((v) => v.level === "error").length,
    warnings: all.filter((v) => v.level === "warning").length,
  };
}
