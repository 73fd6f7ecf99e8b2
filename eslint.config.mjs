import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// lib/ holds pure logic shared by the UI, the CLI and the tests: keep React, Next and Node out of it
// (except lib/<topic>/server/**, the node-only side of a topic, and lib/node/bridge, lib/node/demo-servers, lib/node/cli).
// Inside lib/ the layers point one way: each pure folder may import only the folders listed for it (and itself).
// The protocol layer is the floor; the CLI (lib/node/cli) is the roof and may import everything.
const LAYERS = {
  protocol: [],
  explain: ["protocol"],
  "cache/rules": ["protocol"], // the §7 rules, pure; the cache's state and runtime sit above the session
  tasks: ["protocol"], // the tasks extension's pure shapes, state machine and follower
  bridge: ["protocol"], // the browser-side half: contract, target, clients (lib/node/bridge has its own rule)
  session: ["protocol", "bridge"],
  cache: ["protocol", "bridge", "session"],
  share: ["protocol", "bridge", "session"],
  checks: ["protocol", "bridge", "tasks", "auth"], // auth: the judgement the authorization checks read (types)
  lab: ["protocol", "bridge", "share"],
  tokens: ["protocol", "bridge"],
  a11y: ["protocol", "bridge", "session"],
  apps: ["protocol", "explain"], // MCP Apps: the catalogue, CSP, host personas and the doctor; the sandbox listener is in apps/server
  auth: ["protocol"], // the OAuth flow's pure shapes, findings, parsing and masking; the runner is in auth/server
  cassette: ["protocol", "explain", "bridge", "share"], // recordings as files: made via share's secret stripping; the mocks are in cassette/server
};
const LIB_FOLDERS = [...Object.keys(LAYERS).filter((k) => !k.includes("/")), "cli", "servers"];

// An import of lib/<folder>, written "@/lib/<folder>/…" or relatively ("../<folder>/…", "../../<folder>/…").
const importOf = (folders) => `^(@/lib/|(\\.\\./)+)(${folders.join("|")})(/|$)`;

const noUiNoApp = [
  { group: ["react", "react-dom", "react/*"], message: "lib/ pure modules must not import React." },
  { group: ["next", "next/*"], message: "lib/ pure modules must not import Next." },
  { group: ["@/components/*", "@/app/*"], message: "lib/ never imports components or app." },
];
const noNode = {
  group: ["node:*"],
  message: "lib/ pure modules (and the browser side of lib/bridge) must not import Node built-ins.",
};

function layerBlock(folder, allowed) {
  const top = folder.split("/")[0];
  const above = LIB_FOLDERS.filter((f) => f !== top && !allowed.includes(f));
  // A sub-folder with its own entry (cache/rules) is held to that entry instead.
  const nested = Object.keys(LAYERS)
    .filter((k) => k.startsWith(`${folder}/`))
    .map((k) => `lib/${k}/**`);
  return {
    files: [`lib/${folder}/**`],
    // <topic>/server/ folders hold the node-only glue of a pure module (spawning, files, crypto).
    ignores: ["lib/*/server/**", ...nested],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...noUiNoApp,
            noNode,
            {
              regex: importOf(above),
              message: `lib/${folder} may import only lib/{${allowed.join(",") || "nothing above it"}}: the layers point one way (eslint.config.mjs LAYERS).`,
            },
            {
              regex: "(^|/)server(/|$)",
              message: `lib/${folder} is browser-safe: node-only server modules stay out of it.`,
            },
          ],
        },
      ],
    },
  };
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // `const { a, ...rest } = x` picks members off a value; a is named so that rest does not carry it.
    rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] },
  },
  {
    // No import cycles between files: a helper two modules share lives below both (e.g. components/playground/panel-bus.ts).
    files: ["**/*.{ts,tsx,mts,mjs}"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  ...Object.entries(LAYERS).map(([folder, allowed]) => layerBlock(folder, allowed)),
  {
    // The node-only side of each topic: Node is fine, the UI and the CLI are not.
    files: ["lib/*/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...noUiNoApp,
            { regex: importOf(["cli"]), message: "lib/*/server never imports the CLI: the CLI imports them." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/node/cli/**", "lib/node/demo-servers/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: noUiNoApp }],
    },
  },
  {
    // Next renders the pages only: what a page shows is decided by the server (lib/bridge/page-kind.ts), never by Node-side modules.
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/*/server/*", "@/lib/*/server", "@/lib/servers/*"],
              message: "Pages never import Node-side modules: the server tells the page what to show.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@monaco-editor/react", "monaco-editor", "monaco-editor/*"],
              message: "Only components/editor/ may import Monaco.",
            },
            {
              group: ["@/lib/bridge/server/*", "@/lib/servers/*"],
              message: "Server-only modules stay out of components.",
            },
            {
              group: ["@/lib/tokens/encoders", "@/lib/tokens/request", "js-tiktoken", "js-tiktoken/*"],
              allowTypeImports: true,
              message:
                'The tokenizer\'s rank files stay on the server: bill through /api/tokens (commands.api("tokens", …)).',
            },
          ],
        },
      ],
    },
    ignores: ["components/editor/**"],
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "public/**",
    "next-env.d.ts",
    "node_modules/**",
    "dist-servers/**",
    "test-results/**",
  ]),
]);
