/**
 * Runs once when the Next server starts (Node runtime only). Under `next start` it makes every request carry its
 * TCP peer with this process's proof (lib/bridge/server/peer.ts), so hosted mode's per-client limits never have to
 * believe X-Forwarded-For (scripts/serve.mjs stamps its requests itself). Then it starts a token-counting worker
 * and has it load o200k_base (about 0.5 s and 100 MB, off this thread) so the first /api/tokens call answers in
 * milliseconds (the edge runtime never bills), and starts the MCP Apps sandbox listener (lib/apps/server/sandbox-server.ts).
 * Under a bare `next start` / `next dev` (no PLAYGROUND_TOKEN: the token is made here) it prints the launch URL
 * that signs a browser in; `npm start` and `npm run dev` print (and open) it themselves (scripts/launch.mjs).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (!process.env.PLAYGROUND_TOKEN) {
    const { getLaunchToken } = await import("./lib/bridge/server/token");
    const origin = process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
    console.log(`MCP Playground: open ${origin}/?token=${getLaunchToken()} to sign in (keep it to yourself).`);
  }
  const { stampPeerOnEveryRequest } = await import("./lib/bridge/server/peer");
  stampPeerOnEveryRequest();
  const { warmTokenCounter } = await import("./lib/tokens/server/counting");
  warmTokenCounter("o200k_base");
  // The MCP Apps sandbox's own origin (a second loopback port); POST /api/apps/sandbox starts it too if this did not.
  const { startAppsSandbox } = await import("./lib/apps/server/sandbox-server");
  startAppsSandbox().catch((e: unknown) => console.warn(`MCP Apps sandbox did not start: ${(e as Error).message} (the Apps tab will say so)`));
}
