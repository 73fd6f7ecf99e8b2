import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The bridge and demo servers only ever answer on loopback; dev HMR must accept the same.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  devIndicators: false,
  serverExternalPackages: ["@modelcontextprotocol/server-everything"],
};

export default nextConfig;
