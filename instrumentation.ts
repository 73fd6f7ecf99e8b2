/**
 * Runs once when the Next server starts (Node runtime only). Under `next start` it makes every request carry its
 * TCP peer with this process's proof (lib/bridge/server/peer.ts), so hosted mode's per-client limits never have to
 * believe X-Forwarded-For (scripts/serve.mjs stamps its requests itself). Then it starts a token-counting worker
 * and has it load o200k_base (about 0.5 s and 100 MB, off this thread) so the first /api/tokens call answers in
 * milliseconds (the edge runtime never bills).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerOnEveryRequest } = await import("./lib/bridge/server/peer");
  stampPeerOnEveryRequest();
  const { warmTokenCounter } = await import("./lib/tokens/server/counting");
  warmTokenCounter("o200k_base");
}
