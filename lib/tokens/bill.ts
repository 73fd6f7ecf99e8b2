/**
 * The token bill of a catalogue: what its tool definitions and instructions cost in every prompt.
 * Pure: the caller supplies the counter (a tokenizer on the server, anything in tests).
 *
 * How the numbers relate (the panel says the same):
 * - a tool's `tokens` counts its counted view (see FieldSet) serialized whole;
 * - each field is counted alone, value only; the fields do not add up to the tool's tokens, because the whole
 *   also carries keys, braces and separators and the tokenizer merges differently at the seams — `structure`
 *   is the difference (tool tokens minus the counted fields), so every column adds up;
 * - `toolsTokens` counts the whole array of counted views in one go (the chapter's 1,307); `sumOfPerTool`
 *   adds the per-tool counts (1,305 for the same catalogue). They differ by the array's brackets and seams.
 * - instructions are counted as raw text: a host pastes them into the prompt as text, not as JSON.
 */
import { englishT, type Translate } from "../i18n/translate";
import { catalogueTools, toolName, type Catalogue, type JsonObject, type Measured } from "./catalogue";
import { DEFAULT_BILL_OPTIONS, type BillOptions } from "./options";
import { serialize, utf8Length } from "./serialize";

export type Counter = (text: string) => number;

/** Fields billed one by one; anything else a definition carries is billed together as `other`. */
export const TOOL_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
  "other",
] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];

const PROMPT_FIELDS = ["name", "description", "inputSchema"] as const;

export interface ToolBill {
  /** Position in the catalogue as received (0-based). */
  index: number;
  name: string;
  tokens: number;
  /** Tokens of each field present in the definition, value only, whether counted or not. */
  fields: Partial<Record<ToolField, number>>;
  /** Fields that are part of the counted view. */
  counted: ToolField[];
  /** tokens minus the counted fields: keys, braces, separators and seam effects. */
  structure: number;
  /** MCP Apps: `_meta.ui.visibility` without "model" — an Apps host shows the tool to its app, not to the model. */
  appOnly?: boolean;
}

export interface Bill {
  options: BillOptions;
  tools: number;
  pages: number;
  /** UTF-8 bytes of JSON.stringify of each tools/list result as received, summed over pages. */
  bytes: number;
  /** Costliest first; ties keep the catalogue's order. */
  perTool: ToolBill[];
  sumOfPerTool: number;
  /** The whole array of counted views counted in one go: the figure the chapter reports. */
  toolsTokens: number;
  instructionsTokens: number;
  hasInstructions: boolean;
  /** toolsTokens + instructionsTokens. */
  totalTokens: number;
  /**
   * MCP Apps: the tools an Apps host hides from the model (billed apart: their array counted alone). A host that
   * knows Apps puts totalTokens − appOnly.tokens in the prompt; one that does not, all of it.
   */
  appOnly: { tools: number; tokens: number };
  measured?: Measured;
}

/** The part of a definition that is counted as "in the prompt". */
export function countedView(tool: JsonObject, fieldSet: BillOptions["fieldSet"]): JsonObject {
  if (fieldSet === "whole") return tool;
  const view: JsonObject = {};
  for (const key of PROMPT_FIELDS) if (tool[key] !== undefined) view[key] = tool[key];
  return view;
}

function fieldValues(tool: JsonObject): [ToolField, unknown][] {
  const named = TOOL_FIELDS.filter((f) => f !== "other" && tool[f] !== undefined).map((f): [ToolField, unknown] => [
    f,
    tool[f],
  ]);
  const rest = Object.fromEntries(
    Object.entries(tool).filter(([k]) => !(TOOL_FIELDS as readonly string[]).includes(k)),
  );
  return Object.keys(rest).length > 0 ? [...named, ["other", rest]] : named;
}

/** MCP Apps: a tool whose `_meta.ui.visibility` lists where it is shown, and the model is not among them. */
export function isAppOnly(tool: JsonObject): boolean {
  const meta = tool._meta;
  const ui = meta && typeof meta === "object" && !Array.isArray(meta) ? (meta as JsonObject).ui : undefined;
  const visibility = ui && typeof ui === "object" && !Array.isArray(ui) ? (ui as JsonObject).visibility : undefined;
  return Array.isArray(visibility) && !visibility.includes("model");
}

export function billTool(
  tool: JsonObject,
  index: number,
  count: Counter,
  options: BillOptions,
  viewText = serialize(countedView(tool, options.fieldSet), options.layout),
): ToolBill {
  const tokens = count(viewText);
  const fields: Partial<Record<ToolField, number>> = {};
  const counted: ToolField[] = [];
  for (const [field, value] of fieldValues(tool)) {
    fields[field] = count(serialize(value, options.layout));
    if (options.fieldSet === "whole" || (PROMPT_FIELDS as readonly string[]).includes(field)) counted.push(field);
  }
  const structure = tokens - counted.reduce((sum, f) => sum + (fields[f] ?? 0), 0);
  return {
    index,
    name: toolName(tool, index),
    tokens,
    fields,
    counted,
    structure,
    ...(isAppOnly(tool) ? { appOnly: true } : {}),
  };
}

export function catalogueBytes(catalogue: Catalogue): number {
  return catalogue.pages.reduce((sum, page) => sum + utf8Length(JSON.stringify(page)), 0);
}

export function billCatalogue(catalogue: Catalogue, count: Counter, options: BillOptions = DEFAULT_BILL_OPTIONS): Bill {
  const tools = catalogueTools(catalogue);
  const viewTexts = tools.map((t) => serialize(countedView(t, options.fieldSet), options.layout));
  const perTool = tools
    .map((tool, i) => billTool(tool, i, count, options, viewTexts[i]))
    .sort((a, b) => b.tokens - a.tokens || a.index - b.index);
  // The whole array is its items joined as each layout joins array items: the same text as serializing it again.
  const toolsTokens = count(`[${viewTexts.join(options.layout === "compact" ? "," : ", ")}]`);
  const hasInstructions = typeof catalogue.instructions === "string";
  const instructionsTokens = hasInstructions ? count(catalogue.instructions!) : 0;
  const separator = options.layout === "compact" ? "," : ", ";
  const appViews = viewTexts.filter((_, i) => isAppOnly(tools[i]));
  const appOnly = { tools: appViews.length, tokens: appViews.length ? count(`[${appViews.join(separator)}]`) : 0 };
  return {
    options,
    tools: tools.length,
    pages: catalogue.pages.length,
    bytes: catalogueBytes(catalogue),
    perTool,
    sumOfPerTool: perTool.reduce((sum, t) => sum + t.tokens, 0),
    toolsTokens,
    instructionsTokens,
    hasInstructions,
    totalTokens: toolsTokens + instructionsTokens,
    appOnly,
    measured: catalogue.measured,
  };
}

export interface Fleet {
  servers: number;
  window: number;
  tokens: number;
  /** Share of the window, 0..∞ (more than 1 means the servers alone overflow it). */
  share: number;
}

/** "N servers like this one take X tokens of every turn, Y% of a W-token window." */
export function fleetCost(totalTokens: number, servers: number, window: number): Fleet {
  if (!Number.isInteger(servers) || servers < 1)
    throw new RangeError(`the number of servers must be a whole number of at least 1, not ${servers}`);
  if (!Number.isInteger(window) || window < 1)
    throw new RangeError(`the window must be a whole number of tokens of at least 1, not ${window}`);
  const tokens = totalTokens * servers;
  return { servers, window, tokens, share: tokens / window };
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * 1,307 in English, 1 307 in Bulgarian and Russian: each language's separator, grouped from four digits on as the
 * chapter and the README write the bill (CLDR leaves Bulgarian's 4-digit numbers ungrouped: "always" groups them).
 */
export function formatTokens(n: number, locale: string = "en"): string {
  let fmt = formats.get(locale);
  if (!fmt)
    formats.set(
      locale,
      // "always" is ES2023 Intl (Node 20, every current browser); the ES2022 lib types know only a boolean.
      (fmt = new Intl.NumberFormat(locale === "en" ? "en-US" : locale, {
        useGrouping: "always" as unknown as boolean,
      })),
    );
  return fmt.format(n);
}

export function formatShare(share: number, locale: string = "en"): string {
  const pct = share * 100;
  if (locale === "en") return `${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)}%`;
  return new Intl.NumberFormat(locale === "en" ? "en-US" : locale, {
    style: "percent",
    minimumFractionDigits: pct < 10 ? 1 : 0,
    maximumFractionDigits: pct < 10 ? 1 : 0,
  }).format(share);
}

export function fleetSentence(fleet: Fleet, t: Translate = englishT, locale: string = "en"): string {
  return t(fleet.share > 1 ? "tokens.fleet.sentenceOver" : "tokens.fleet.sentence", {
    servers: fleet.servers,
    tokens: formatTokens(fleet.tokens, locale),
    share: formatShare(fleet.share, locale),
    window: formatTokens(fleet.window, locale),
  });
}

/** For the live region: "Catalogue bill: 1,619 tokens — 13 tools 1,307, instructions 312." */
export function billSentence(bill: Bill, t: Translate = englishT, locale: string = "en"): string {
  const parts = [t("tokens.billTools", { count: bill.tools, tokens: formatTokens(bill.toolsTokens, locale) })];
  if (bill.hasInstructions)
    parts.push(t("tokens.billInstructions", { tokens: formatTokens(bill.instructionsTokens, locale) }));
  return t("tokens.billSentence", { total: formatTokens(bill.totalTokens, locale), parts: parts.join(", ") });
}
