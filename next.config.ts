import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// `npm start` builds for running, not for review (scripts/start.mjs sets this): type checking belongs to `npm test`
// (its typecheck tier runs tsc), and the compile cache Turbopack would write is only read by a later rebuild.
const startBuild = process.env.PLAYGROUND_START_BUILD === "1";

// Next renders the pages only: the playground's server (scripts/server.ts → lib/node/host/app.ts) answers the
// bridge's routes and build assets, guards every request and sends the frame headers with every answer.
const nextConfig: NextConfig = {
  typescript: { ignoreBuildErrors: startBuild },
  experimental: { turbopackFileSystemCacheForBuild: !startBuild },
  // The server only ever answers on loopback in development; dev HMR must accept the same.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  devIndicators: false,
};

// next-intl reads the request's language in i18n/request.ts (no language in the address: links carry none).
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
