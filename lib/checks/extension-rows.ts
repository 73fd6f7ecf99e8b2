/**
 * An extension's checks (MCP Apps' AP rows, Skills' S rows) as rows of a check run: the run gathers what a host of
 * the extension would, through the run's send (each exchange kept as the rows' evidence and among the run's observed
 * ones), judges the facts, and turns each verdict into a row. Pure: every frame goes through the run's send.
 */
import type { Exchange } from "../bridge/contract";
import type { Msg } from "../i18n/translate";
import type { LabelledSend } from "../protocol/extension-connection";
import type { RunState } from "./context";
import type { CheckResult, Level, Status } from "./types";

/** A verdict of an extension's checks, judged from what was gathered. */
export interface JudgedCheck {
  id: string;
  title: string;
  titleMsg: Msg;
  level: Level;
  status: Status;
  detail: string;
  detailMsg: Msg;
  /** Labels of the exchanges that show it. */
  evidence: string[];
  /** The rule's public page. */
  spec: string;
}

export interface ExtensionChecks<Facts> {
  /** The section of the spec the rows cite ("MCP Apps", "Skills extension"). */
  section: string;
  /** The row's short reference to the rule, from its page. */
  specRef: (spec: string) => string;
  gather: (send: LabelledSend) => Promise<Facts>;
  judge: (facts: Facts) => JudgedCheck[];
}

/** The judged rows (those `only` names, when it names any); [] when the server stopped answering. */
export async function judgedExtensionRows<Facts>(
  state: RunState,
  only: string[] | undefined,
  checks: ExtensionChecks<Facts>,
): Promise<CheckResult[]> {
  const started = Date.now();
  const byLabel = new Map<string, Exchange>();
  let facts: Facts;
  try {
    facts = await checks.gather(async (text, opts) => {
      const exchange = await state.send(text, {
        label: opts.label,
        ...(opts.headers ? { headers: opts.headers } : {}),
        timeoutMs: state.base.options.timeoutMs,
      });
      byLabel.set(opts.label, exchange);
      state.observed.push(exchange);
      return exchange;
    });
  } catch {
    return []; // the server stopped answering: the protocol checks already say so
  }
  const durationMs = Date.now() - started;
  return checks
    .judge(facts)
    .filter((r) => !only || only.some((id) => id.toUpperCase() === r.id))
    .map((r) => ({
      id: r.id,
      title: r.title,
      titleMsg: r.titleMsg,
      level: r.level,
      status: r.status,
      specRef: checks.specRef(r.spec),
      spec: { section: checks.section, path: r.spec },
      transports: "both" as const,
      detail: r.detail,
      detailMsg: r.detailMsg,
      evidence: r.evidence.flatMap((label) => {
        const ex = byLabel.get(label);
        return ex ? [ex.sendId] : [];
      }),
      specUrl: r.spec,
      durationMs,
    }));
}
