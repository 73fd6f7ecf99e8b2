/**
 * Who the client is, and how much a client may ask (hosted mode): the remote address as the serving process stamped it,
 * the client key (token holder + address), the per-client limiter, and the proofs that tell the bridge's own calls apart.
 * What a *target* may be (commands, URLs, sizes, modes) is the bridge's: lib/node/bridge/target-policy.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { HOSTED_LIMITS } from "@/lib/node/bridge/limits";
import { SELF_PEER } from "@/lib/node/bridge/self-socket";
import { OWN_CALL_HEADER, isHosted, isOwnCallProof } from "@/lib/node/bridge/target-policy";
import type { HeaderReader } from "./call-request";
import { clientAddress } from "./client-address";
import { ClientLimiter, type ClientAdmission } from "./client-limits";

// Per-client limits. The client is the token holder + the remote address.

let limiter: ClientLimiter | undefined;

export function clientLimiter(): ClientLimiter {
  limiter ??= new ClientLimiter({
    burst: HOSTED_LIMITS.clientBurst,
    refillPerSecond: HOSTED_LIMITS.clientRefillPerSecond,
    maxConcurrent: HOSTED_LIMITS.clientMaxConcurrent,
    maxClients: HOSTED_LIMITS.maxTrackedClients,
  });
  return limiter;
}

/** Header the serving process sets to the TCP peer address (peer.ts stampPeer; it overwrites whatever a client sent). */
export const PEER_HEADER = "x-playground-peer";
/** Sent with PEER_HEADER: a random value that never leaves this process, so a client cannot write a peer itself. */
export const PEER_PROOF_HEADER = "x-playground-peer-proof";

let proof: string | undefined;

/** This process's proof, made once. */
export function peerProof(): string {
  return (proof ??= randomBytes(24).toString("base64url"));
}

/** PLAYGROUND_TRUSTED_PROXIES: how many proxies in front append to X-Forwarded-For (default 0: none is read). */
export function trustedProxies(): number {
  const hops = Number.parseInt(process.env.PLAYGROUND_TRUSTED_PROXIES ?? "0", 10);
  return Number.isFinite(hops) && hops > 0 ? Math.min(hops, 16) : 0;
}

function provenPeer(headers: HeaderReader): string | undefined {
  const peer = headers.get(PEER_HEADER);
  const proof = Buffer.from(headers.get(PEER_PROOF_HEADER) ?? "");
  const expected = Buffer.from(peerProof());
  return peer && proof.length === expected.length && timingSafeEqual(proof, expected) ? peer : undefined;
}

/**
 * The remote address: the TCP peer as the serving process recorded it (stampPeer, run by the playground's server before anything else).
 * X-Forwarded-For is read only when PLAYGROUND_TRUSTED_PROXIES=N says N
 * proxies append to it: the client is then N entries left of the peer. A request nobody stamped has no address
 * anyone can vouch for: "unknown" (forwarding headers are never believed on their own).
 */
export function remoteAddressOf(headers: HeaderReader): string {
  const peer = provenPeer(headers);
  if (peer === undefined) return "unknown";
  const hops = trustedProxies();
  if (hops === 0) return peer;
  // stampPeer appended the peer, so the chain ends with it.
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - 1 - hops)] ?? peer;
}

/**
 * The bridge calling the app's own /api/demo/* (lib/node/bridge/demo.ts resolves the calendar over HTTP to
 * 127.0.0.1:$PORT). That call was admitted (and charged to its client) at /api/bridge/*; charging it again would make
 * every client share one bucket. Only the bridge's own calls are exempt, proven, never guessed from the address:
 * on the private self socket (peer SELF_PEER, a file only this process can open), or, where no socket is open (the
 * integration tests' listener), they carry OWN_CALL_HEADER with this process's own-call proof (ownCallHeaders, added by the bridge's
 * HTTP client below the recorded wire). A loopback peer without X-Forwarded-For (`ssh -L`, `kubectl port-forward`)
 * is a client like any other.
 */
export function isOwnLoopbackCall(headers: HeaderReader): boolean {
  return provenPeer(headers) === SELF_PEER || isOwnCallProof(headers.get(OWN_CALL_HEADER));
}

export function clientKeyOf(headers: HeaderReader): string {
  const token = headers.get(TOKEN_HEADER) ?? "";
  const holder = createHash("sha256").update(token).digest("hex").slice(0, 16);
  return `${holder}@${clientAddress(remoteAddressOf(headers))}`;
}

/** Local mode: always admitted. Hosted: one token and one in-flight slot of this client's bucket. */
export function admitClient(headers: HeaderReader): ClientAdmission {
  if (!isHosted()) return { ok: true, release: () => {} };
  return clientLimiter().admit(clientKeyOf(headers));
}
