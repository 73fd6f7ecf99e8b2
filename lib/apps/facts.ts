/** What the Apps doctor and the Apps checks judge: the facts gathered from a server (lib/apps/gather.ts). Pure. */
import type { AppListing } from "./connection";
import type { AppHtmlFacts } from "./html";
import type { McpUiDisplayMode } from "./ui-types";
import type { JsonObject } from "../protocol/json";

export interface JudgeOptions {
  /** A display mode the user wants the app in (the Apps tab's choice): a host without it degrades. */
  displayMode?: McpUiDisplayMode;
}

export interface ResourceFact {
  ok: boolean;
  mimeType?: string;
  error?: string;
  cspProblems: string[];
  /** The URI the content came back with. */
  contentUri?: string;
  /** `_meta.ui` of the content and of the resources/list entry (csp, permissions, domain, prefersBorder). */
  ui?: JsonObject;
  listUi?: JsonObject;
  /** What the HTML shows without running it (lib/apps/html.ts). */
  html?: AppHtmlFacts;
}

/** One era the server was asked in, as a host that declares the extension: served or not, and what it showed. */
export interface EraFact {
  era: "modern" | "legacy";
  version?: string;
  served: boolean;
  /** App tools it listed there, and whether its capabilities there declared the extension. */
  apps: string[];
  serverDeclares: boolean;
  evidence: string;
}

export interface AppsFacts {
  /** Listed while declaring the extension, and whether the server's own capabilities declared it. */
  declared: AppListing & { serverDeclares: boolean; evidence: string };
  /** Listed without declaring it (undefined when not gathered). */
  undeclared?: AppListing & { evidence: string };
  /** resources/read of each app's URI (declared listing), by URI. */
  reads: Record<string, ResourceFact & { evidence: string }>;
  /** Each era asked (the era the probe chose first, then the other one when the server may serve it). */
  eras?: EraFact[];
}
