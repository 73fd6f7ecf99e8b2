import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// `npm start` and `npm test` build for running, not for review (scripts/start.mjs and scripts/test-all.mjs set this):
// type checking belongs to `npm test`'s typecheck tier (tsc over the same tsconfig), not to a second pass here.
const startBuild = process.env.PLAYGROUND_START_BUILD === "1";

// Next renders the pages only: the playground's server (scripts/server.ts → lib/node/host/app.ts) answers the
// bridge's routes and build assets, guards every request and sends the frame headers with every answer.
const nextConfig: NextConfig = {
  typescript: { ignoreBuildErrors: startBuild },
  // Nor does a build for running keep Turbopack's cache (.next/cache, ~170 MB written for 45 s on a loaded two-core
  // machine): the clean clone CI builds in never reads it again, and a user's `npm start` builds once.
  experimental: { turbopackFileSystemCacheForBuild: !startBuild },
  // The server only ever answers on loopback in development, its page on the launch's own mcp-….localhost name
  // (lib/node/web/launch-origin.ts); dev HMR must accept the same.
  allowedDevOrigins: ["127.0.0.1", "localhost", "*.localhost"],
  poweredByHeader: false,
  // The playground's server compresses the pages itself, brotli included (lib/node/host/app.ts compressPage).
  compress: false,
  devIndicators: false,
};

// next-intl reads the request's language in i18n/request.ts (no language in the address: links carry none).
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
