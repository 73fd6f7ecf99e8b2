/**
 * Browser side of POST /api/tokens (no React, no tokenizer): posts a catalogue, gets the bill back as a
 * BridgeReply value; nothing throws.
 */
import { TOKEN_HEADER, type BridgeReply } from "../bridge/contract";
import type { Bill } from "./bill";
import type { BillRequest } from "./request";

export async function requestBill(req: BillRequest, opts: { token: string; baseUrl?: string; fetch?: typeof fetch; signal?: AbortSignal }): Promise<BridgeReply<Bill>> {
  const fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
  let res: Response;
  try {
    res = await fetchImpl(`${opts.baseUrl ?? ""}/api/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [TOKEN_HEADER]: opts.token },
      body: JSON.stringify(req),
      signal: opts.signal,
    });
  } catch (e) {
    return { ok: false, kind: "internal", message: `could not reach /api/tokens: ${(e as Error).message}` };
  }
  try {
    const payload = (await res.json()) as BridgeReply<Bill>;
    if (payload && typeof payload.ok === "boolean") return payload;
  } catch {
    // fall through
  }
  return { ok: false, kind: "internal", message: `/api/tokens answered HTTP ${res.status} without a bill` };
}
