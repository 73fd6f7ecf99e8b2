/**
 * A server's catalogue as it was received: every tools/list result page (kept whole, so the byte count is of
 * what crossed the wire), the instructions, and a record of how it was obtained — the catalogue changes with
 * the handshake and the declared client capabilities, so a bill without that record is not reproducible.
 */
import { isJsonObject, type JsonObject } from "../protocol/json";

export type { JsonObject };

/** How the catalogue was asked for: `auto` probes (server/discover, falling back to initialize). */
export const HANDSHAKES = ["auto", "none", "legacy", "modern"] as const;
export type Handshake = (typeof HANDSHAKES)[number];

export function isHandshake(value: string): value is Handshake {
  return (HANDSHAKES as readonly string[]).includes(value);
}

export interface Measured {
  /** What was asked for. */
  requested: Handshake;
  /** What was done before tools/list: nothing, initialize + notifications/initialized, or server/discover. */
  handshake: "none" | "legacy" | "modern";
  /** The server's era as far as it is known (a "none" fetch still learns it when reading the instructions). */
  era: "modern" | "legacy" | "unknown";
  /** The protocol version spoken: the initialize answer or the version from supportedVersions. */
  protocolVersion?: string;
  /** The client capabilities declared in initialize or in every request's _meta. */
  capabilities: JsonObject;
  serverInfo?: { name?: string; version?: string };
  /** Where the instructions came from, if the server gave any. */
  instructionsFrom?: "server/discover" | "initialize";
  transport?: "stdio" | "http";
  target?: string;
}

export interface Catalogue {
  /** Each tools/list result as received ({tools, nextCursor?, _meta?, resultType?, …}). */
  pages: JsonObject[];
  instructions?: string;
  measured?: Measured;
}

/** The tools of every page, in order (checkCatalogue has made sure every page has a tools array of objects). */
export function catalogueTools(catalogue: Catalogue): JsonObject[] {
  return catalogue.pages.flatMap((page) => page.tools as JsonObject[]);
}

/** Why a tools/list result cannot be billed, or null when it can. */
export function checkPage(page: unknown, pageNumber: number): string | null {
  const where = `tools/list page ${pageNumber}`;
  if (!isJsonObject(page)) return `${where} is not a JSON object`;
  if (!Array.isArray(page.tools)) return `${where} has no "tools" array`;
  const bad = page.tools.findIndex((t) => !isJsonObject(t));
  if (bad >= 0) return `${where}: tools[${bad}] is ${JSON.stringify(page.tools[bad])?.slice(0, 80)}, not a tool object`;
  return null;
}

export function checkCatalogue(catalogue: { pages: unknown[] }): string | null {
  for (const [i, page] of catalogue.pages.entries()) {
    const problem = checkPage(page, i + 1);
    if (problem) return problem;
  }
  return null;
}

/** A tool's name for display; tools without one are still billed. */
export function toolName(tool: JsonObject, index: number): string {
  return typeof tool.name === "string" ? tool.name : `(tool #${index + 1} has no name)`;
}

/** "What if": the same catalogue with the tool at flat index `index` replaced (pages stay as they were). */
export function replaceTool(catalogue: Catalogue, index: number, tool: JsonObject): Catalogue {
  let offset = 0;
  const pages = catalogue.pages.map((page) => {
    const tools = page.tools as JsonObject[];
    const local = index - offset;
    offset += tools.length;
    if (local < 0 || local >= tools.length) return page;
    return { ...page, tools: tools.map((t, i) => (i === local ? tool : t)) };
  });
  if (index < 0 || index >= offset)
    throw new RangeError(`there is no tool #${index + 1} (the catalogue has ${offset})`);
  return { ...catalogue, pages };
}

/** "What if": the same catalogue with other instructions (undefined removes them). */
export function replaceInstructions(catalogue: Catalogue, instructions: string | undefined): Catalogue {
  return { ...catalogue, instructions };
}
