/**
 * The playground's own listener (lib/node/host/app.ts) on plain node:http at an ephemeral loopback port, as
 * scripts/server.ts serves it, with a stand-in for Next's page renderer: for the tests of what the front door does
 * with a page's answer.
 */
import { afterAll, beforeAll, vi } from "vitest";
import type { PageHandler } from "@/lib/node/host/app";
import { listenOnLoopback } from "@/lib/node/demo-servers/http";

/**
 * The listener for a whole test file: started before its tests with `token` as the launch token, closed (open
 * connections dropped, the environment restored) after them. `port` is known once the file's tests run.
 */
export function playgroundListenerForFile(token: string, pages: PageHandler): { readonly port: number } {
  let listening: { origin: string; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    vi.stubEnv("PLAYGROUND_TOKEN", token);
    const { createPlaygroundListener } = await import("@/lib/node/host/app");
    listening = await listenOnLoopback(createPlaygroundListener({ pages }));
  });
  afterAll(async () => {
    await listening?.close();
    vi.unstubAllEnvs();
  });
  return {
    get port() {
      if (!listening) throw new Error("the listener starts in beforeAll");
      return Number(new URL(listening.origin).port);
    },
  };
}
