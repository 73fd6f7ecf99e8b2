/**
 * Node-only: the suite's send over the real bridge (lib/node/bridge/send), for the CLI and the integration
 * tests. The browser runs the same suite through lib/bridge/client instead, so its checks land in the timeline.
 */
import { SendRequestSchema, type Exchange, type Target } from "@/lib/bridge/contract";
import { targetTransport } from "@/lib/bridge/target";
import { SEND_DEFAULTS } from "@/lib/bridge/send-options";
import { send, type SendContext } from "@/lib/node/bridge/send";
import type { CheckSend } from "@/lib/checks/types";
import { cancellable } from "@/lib/node/bridge/cancellable";

export function bridgeCheckSend(
  target: Target,
  ctx: SendContext = {},
  onExchange?: (exchange: Exchange, label?: string) => void,
  signal?: AbortSignal,
): CheckSend {
  const overHttp = targetTransport(target) === "http";
  const prefix = `check-${Date.now().toString(36)}`;
  let counter = 0;
  return async (frame, opts) => {
    // HTTP-only options stay off a stdio send (the bridge would only note that it ignored them).
    const { label, labelMsg: _said, headers, http, ...options } = opts;
    void _said;
    const exchange = await cancellable(signal, `${prefix}-${++counter}`, (sendId) =>
      send(
        SendRequestSchema.parse({
          ...options,
          sendId,
          target,
          frame,
          timeoutMs: opts.timeoutMs ?? SEND_DEFAULTS.timeoutMs,
          ...(overHttp && headers ? { headers } : {}),
          ...(overHttp && http ? { http } : {}),
        }),
        ctx,
      ),
    );
    onExchange?.(exchange, opts.label);
    return exchange;
  };
}
