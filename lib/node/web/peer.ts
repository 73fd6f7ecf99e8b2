/**
 * Who is calling, as the TCP connection says. stampPeer runs on every request before routing (the playground's
 * server, http-server.ts, and its private self socket): the peer address goes into x-playground-peer with this
 * process's proof beside it, overwriting anything a client sent under those names, and is appended to
 * X-Forwarded-For. Both the parsed headers (Next reads them) and the raw header list (Request objects are built
 * from it) are rewritten, so no path sees a forged value. Hosted mode's per-client limits
 * (client-policy.ts remoteAddressOf) believe the peer header only with the proof, and X-Forwarded-For only as far as
 * PLAYGROUND_TRUSTED_PROXIES says.
 */
import http from "node:http";
import { PEER_HEADER, PEER_PROOF_HEADER, peerProof } from "./client-policy";

const STAMPED = Symbol.for("playground.peerStamped");
type Stampable = http.IncomingMessage & { [STAMPED]?: true };

export function stampPeer(req: http.IncomingMessage, peer = req.socket.remoteAddress ?? "unknown"): void {
  // Once per request: a second stamp would append the peer twice and shift the trusted-proxy count.
  if ((req as Stampable)[STAMPED]) return;
  (req as Stampable)[STAMPED] = true;
  const forwarded = req.headers["x-forwarded-for"];
  const chain = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${peer}` : peer;
  overwriteHeaders(req, { [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: peerProof(), "x-forwarded-for": chain });
}

/**
 * Sets request headers only the server may write: whatever a client sent under these names is dropped, in the
 * parsed headers (Next reads them) and the raw list (Request objects are built from it) alike.
 */
export function overwriteHeaders(req: http.IncomingMessage, values: Record<string, string>): void {
  const names = new Set(Object.keys(values).map((n) => n.toLowerCase()));
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (!names.has(req.rawHeaders[i].toLowerCase())) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  for (const [name, value] of Object.entries(values)) {
    req.headers[name.toLowerCase()] = value;
    raw.push(name, value);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}
