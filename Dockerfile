# MCP Playground, hosted mode, as a container image. Build: docker build -t mcp-playground .
# Run:  docker run --rm -p 3000:3000 -e PLAYGROUND_TOKEN=$(openssl rand -hex 32) \
#         -e PLAYGROUND_ALLOWED_HOSTS=playground.example.edu --read-only --tmpfs /tmp \
#         --tmpfs /app/.next/cache:uid=1000,gid=1000 mcp-playground
# Every number below that a probe or a grace period depends on is checked against the app by
# tests/unit/deploy-manifests.test.ts.

# ---- build: install everything (the build needs the dev dependencies), build, then drop the dev dependencies
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# --ignore-scripts: the postinstall step builds the embedded servers from sources that are not copied yet.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: Node, tini (reaps the stdio servers the bridge spawns) and the built app, owned by root,
# run as the unprivileged "node" user; nothing in /app is writable but the Next cache (a volume or tmpfs).
FROM node:20.20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PLAYGROUND_MODE=hosted \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=build /app/package.json /app/next.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist-servers ./dist-servers
RUN mkdir -p /app/.next/cache && chown node:node /app/.next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# PLAYGROUND_TOKEN (shared by every instance) and PLAYGROUND_ALLOWED_HOSTS come from the environment.
# SIGTERM drains: not ready at once, 5 s grace, up to 20 s for calls in flight, then exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# The playground's one server (scripts/server.ts, bundled by the build into dist-servers/server.mjs). npm test's image
# tier (tests/image/run.mjs) starts exactly the files copied above with this CMD.
CMD ["node", "dist-servers/server.mjs", "--hosted"]
