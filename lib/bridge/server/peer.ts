/**
 * Who is calling, as the TCP connection says. stampPeer runs on every request before routing (scripts/serve.mjs
 * calls it; under `next start`, instrumentation.ts installs stampPeerOnEveryRequest): the peer address goes into
 * x-playground-peer with this process's proof beside it, overwriting anything a client sent under those names, and
 * is appended to X-Forwarded-For. Both the parsed headers (Next reads them) and the raw header list (the bridge's
 * own listener reads that) are rewritten, so no path sees a forged value. Hosted mode's per-client limits
 * (policy.ts remoteAddressOf) believe the peer header only with the proof, and X-Forwarded-For only as far as
 * PLAYGROUND_TRUSTED_PROXIES says.
 */
import http from "node:http";
import { PEER_HEADER, PEER_PROOF_HEADER, peerProof } from "./policy";

const STAMPED = Symbol.for("playground.peerStamped");
type Stampable = http.IncomingMessage & { [STAMPED]?: true };

export function stampPeer(req: http.IncomingMessage, peer = req.socket.remoteAddress ?? "unknown"): void {
  // Once per request: a second stamp would append the peer twice and shift the trusted-proxy count.
  if ((req as Stampable)[STAMPED]) return;
  (req as Stampable)[STAMPED] = true;
  const forwarded = req.headers["x-forwarded-for"];
  const chain = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${peer}` : peer;
  const proof = peerProof();
  req.headers[PEER_HEADER] = peer;
  req.headers[PEER_PROOF_HEADER] = proof;
  req.headers["x-forwarded-for"] = chain;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name !== PEER_HEADER && name !== PEER_PROOF_HEADER && name !== "x-forwarded-for") raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(PEER_HEADER, peer, PEER_PROOF_HEADER, proof, "X-Forwarded-For", chain);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

const g = globalThis as typeof globalThis & { __playgroundPeerStamping?: boolean };
const STAMPS_ITSELF = Symbol.for("playground.stampsItself");

/** A server that stamps its requests itself (serve.mjs's private self socket: peer SELF_PEER), skipped below. */
export function stampsItself(server: http.Server): void {
  (server as http.Server & { [STAMPS_ITSELF]?: true })[STAMPS_ITSELF] = true;
}

/**
 * For servers the playground does not create itself (`next start`): every http.Server of this process stamps
 * each request's peer before its listeners run. Requests that arrived before this ran carry no proof and count
 * as address "unknown" (never as whatever X-Forwarded-For claims).
 */
export function stampPeerOnEveryRequest(): void {
  if (g.__playgroundPeerStamping) return;
  g.__playgroundPeerStamping = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    const own = (this as http.Server & { [STAMPS_ITSELF]?: true })[STAMPS_ITSELF];
    if (event === "request" && args[0] instanceof http.IncomingMessage && !own) stampPeer(args[0]);
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
