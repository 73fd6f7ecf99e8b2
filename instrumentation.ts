/**
 * Runs once when the Next server starts (Node runtime only). Under `next start` it makes every request carry its
 * TCP peer with this process's proof (lib/bridge/server/peer.ts), so hosted mode's per-client limits never have to
 * believe X-Forwarded-For (scripts/serve.mjs stamps its requests itself). Then it warms the o200k_base tokenizer
 * (about 0.5 s and 100 MB) so the first /api/tokens call answers in milliseconds (the edge runtime never bills).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerOnEveryRequest } = await import("./lib/bridge/server/peer");
  stampPeerOnEveryRequest();
  const { loadEncoder } = await import("./lib/tokens/encoders");
  await loadEncoder("o200k_base");
}
