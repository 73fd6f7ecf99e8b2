/**
 * Who is calling, as the TCP connection says (scripts/serve.mjs calls this for every request before routing):
 * the peer address goes into x-playground-peer, overwriting anything a client sent under that name, and is
 * appended to X-Forwarded-For. Both the parsed headers (Next reads them) and the raw header list (the bridge's
 * own listener reads that) are rewritten, so no path sees a forged value. Hosted mode's per-client limits
 * (policy.ts remoteAddressOf) trust the peer header only when this ran (PLAYGROUND_PEER_HEADER_SET=1).
 */
import type http from "node:http";
import { PEER_HEADER } from "./policy";

export function stampPeer(req: http.IncomingMessage): void {
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  const chain = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${peer}` : peer;
  req.headers[PEER_HEADER] = peer;
  req.headers["x-forwarded-for"] = chain;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name !== PEER_HEADER && name !== "x-forwarded-for") raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(PEER_HEADER, peer, "X-Forwarded-For", chain);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}
