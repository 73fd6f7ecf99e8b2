/**
 * Runs once when the Next server starts. Warms the o200k_base tokenizer (about 0.5 s and 100 MB) so the
 * first /api/tokens call answers in milliseconds; Node runtime only (the edge runtime never bills).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { loadEncoder } = await import("./lib/tokens/encoders");
  await loadEncoder("o200k_base");
}
