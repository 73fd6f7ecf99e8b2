// Stands in for `server-only` in bundles that are server code by construction (scripts/build-servers.mjs).
