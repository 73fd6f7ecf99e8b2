import type { NextConfig } from "next";
import { FRAME_HEADERS } from "./lib/bridge/server/frame-headers";

// `npm start` builds for running, not for review (scripts/start.mjs sets this): type checking belongs to `npm test`
// (its typecheck tier runs tsc), and the compile cache Turbopack would write is only read by a later rebuild.
const startBuild = process.env.PLAYGROUND_START_BUILD === "1";

const nextConfig: NextConfig = {
  typescript: { ignoreBuildErrors: startBuild },
  experimental: { turbopackFileSystemCacheForBuild: !startBuild },
  // The bridge and demo servers only ever answer on loopback; dev HMR must accept the same.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  devIndicators: false,
  // oidc-provider (the embedded authorization server, a Koa app) runs as published, not rebundled.
  serverExternalPackages: ["@modelcontextprotocol/server-everything", "oidc-provider"],
  // Every page, route and asset: nothing may frame the playground (scripts/serve.mjs sends the same).
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(FRAME_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
