/**
 * The run's own sends before any check: an era-probe step's card label (in the reader's language where the step has
 * words) and the envelope probe that proves a modern server whose discovery failed. Pure.
 */
import type { Exchange } from "../bridge/contract";
import { msg, type Msg } from "../i18n/translate";
import { isModernErrorCode } from "../protocol/errors";
import { META_KEYS } from "../protocol/meta";
import { PLAYGROUND_CLIENT_INFO } from "../protocol/versions";
import { LIST_METHODS } from "./probes";
import type { CheckSend } from "./types";
import { replyOf } from "./wire";

/** An era-probe step's card label, in the reader's language where the step has words. */
export const probeLabel = (extra?: { label?: string; labelMsg?: Msg }) => ({
  label: extra?.label,
  ...(extra?.labelMsg ? { labelMsg: msg("checkLabels.probe", { what: extra.labelMsg }) } : {}),
});

/** The lists a modern server serves without discovery; the first that answers (a result or a modern error) proves the era. */
export async function envelopeProbe(
  target: { send: CheckSend },
  version: string,
  timeoutMs: number,
): Promise<{ method: string; exchange: Exchange } | undefined> {
  for (const method of LIST_METHODS) {
    const params = {
      _meta: {
        [META_KEYS.protocolVersion]: version,
        [META_KEYS.clientInfo]: { ...PLAYGROUND_CLIENT_INFO },
        [META_KEYS.clientCapabilities]: {},
      },
    };
    const exchange = await target.send(
      JSON.stringify({ jsonrpc: "2.0", id: `probe-envelope-${method}`, method, params }),
      {
        label: `probe: ${method} with the envelope (discovery failed)`,
        labelMsg: msg("checkLabels.probeEnvelope", { method }),
        timeoutMs,
      },
    );
    const reply = replyOf(exchange);
    if (reply.kind === "none" && reply.fatal) return undefined;
    if (reply.kind === "result" || (reply.kind === "error" && isModernErrorCode(reply.code)))
      return { method, exchange };
  }
  return undefined;
}
