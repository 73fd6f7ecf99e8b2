import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// lib/ holds pure logic shared by the UI, the CLI and the tests: keep React, Next and Node out of it
// (except lib/<topic>/server/**, the node-only side of a topic, and lib/bridge/server, lib/servers, lib/cli).
const pureLib = ["lib/protocol/**", "lib/session/**", "lib/share/**", "lib/tokens/**", "lib/checks/**", "lib/lab/**"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: pureLib,
    // <topic>/server/ folders hold the node-only glue of a pure module (spawning, files, crypto).
    ignores: ["lib/*/server/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { group: ["react", "react-dom", "react/*"], message: "lib/ pure modules must not import React." },
          { group: ["next", "next/*"], message: "lib/ pure modules must not import Next." },
          { group: ["node:*"], message: "lib/ pure modules must not import Node built-ins." },
          { group: ["@/components/*", "@/app/*"], message: "lib/ never imports components or app." },
        ],
      }],
    },
  },
  {
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ group: ["@/components/*", "@/app/*"], message: "lib/ never imports components or app." }],
      }],
    },
    ignores: pureLib,
  },
  {
    files: ["components/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { group: ["@monaco-editor/react", "monaco-editor", "monaco-editor/*"], message: "Only components/editor/ may import Monaco." },
          { group: ["@/lib/bridge/server/*", "@/lib/servers/*"], message: "Server-only modules stay out of components." },
          { group: ["@/lib/tokens/encoders", "@/lib/tokens/request", "js-tiktoken", "js-tiktoken/*"], allowTypeImports: true, message: "The tokenizer's rank files stay on the server: bill through /api/tokens (commands.api(\"tokens\", …))." },
        ],
      }],
    },
    ignores: ["components/editor/**"],
  },
  globalIgnores([".next/**", "out/**", "public/**", "next-env.d.ts", "node_modules/**", "dist-servers/**", "test-results/**"]),
]);
