// Types for scripts/build-cli.mjs (plain JS: npm run cli, npm pack and the tests' global setups run it with node).
import type { BuildOptions } from "esbuild";
export const ROOT: string;
export const CLI_DIR: string;
export const CLI_ENTRY: string;
export function nodeBundleOptions(outDir: string): BuildOptions;
export function buildCliBundle(outDir?: string): Promise<string>;
export function cliBundleStale(): boolean;
export function ensureCliBundle(): Promise<string>;
