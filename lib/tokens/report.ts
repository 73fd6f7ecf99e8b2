/**
 * The bill as the CLI prints it: a stable JSON shape (--json) and a plain-text table laid out like the
 * chapter's. Pure, so the tests can read exactly what a user reads.
 */
import { englishT, type Translate } from "../i18n/translate";
import { fleetCost, fleetSentence, formatTokens, TOOL_FIELDS, type Bill, type ToolBill, type ToolField } from "./bill";
import { describeMeasured } from "./measured";
import { LAYOUT_DESCRIPTIONS } from "./options";

export interface BillJson {
  tools: number;
  bytes: number;
  toolsTokens: number;
  sumOfPerTool: number;
  /** Each tool's bill, in catalogue order (the position is the array's). */
  perTool: Omit<ToolBill, "index">[];
  instructionsTokens: number;
  totalTokens: number;
  appOnly: Bill["appOnly"];
  pages: number;
  options: Bill["options"];
  measured?: Bill["measured"];
}

export function billToJson(bill: Bill): BillJson {
  return {
    tools: bill.tools,
    bytes: bill.bytes,
    toolsTokens: bill.toolsTokens,
    sumOfPerTool: bill.sumOfPerTool,
    perTool: bill.perTool.map(({ name, tokens, fields, counted, structure, appOnly }) => ({
      name,
      tokens,
      fields,
      counted,
      structure,
      ...(appOnly ? { appOnly } : {}),
    })),
    instructionsTokens: bill.instructionsTokens,
    totalTokens: bill.totalTokens,
    appOnly: bill.appOnly,
    pages: bill.pages,
    options: bill.options,
    measured: bill.measured,
  };
}

const SHORT: Record<ToolField, string> = {
  name: "name",
  title: "title",
  description: "descr",
  inputSchema: "input",
  outputSchema: "output",
  annotations: "annot",
  other: "other",
};

export function billToText(
  bill: Bill,
  fleet = { servers: 5, window: 200_000 },
  t: Translate = englishT,
  locale: string = "en",
): string {
  const n = (v: number) => formatTokens(v, locale);
  const totalLabel = t("tokens.total");
  const width = Math.max(totalLabel.length, ...bill.perTool.map((t) => t.name.length));
  const pad = (s: string, w: number) => s.padEnd(w);
  const num = (v: number | undefined, w = 7) => (v === undefined ? "-" : n(v)).padStart(w);
  const fields = TOOL_FIELDS.filter((f) => bill.perTool.some((t) => t.fields[f] !== undefined));
  const counted = (f: ToolField) => bill.perTool.some((t) => t.counted.includes(f));
  const lines: string[] = [];
  lines.push(
    `${bill.tools} tools in ${bill.pages} page${bill.pages === 1 ? "" : "s"}, ${n(bill.bytes)} bytes; ${bill.options.encoding}; ${LAYOUT_DESCRIPTIONS[bill.options.layout]}`,
  );
  for (const line of describeMeasured(bill.measured, bill.tools, t)) lines.push(`  ${line}`);
  lines.push("");
  lines.push(
    `${pad("tool", width)} ${"tokens".padStart(7)} ${fields.map((f) => (counted(f) ? SHORT[f] : `(${SHORT[f]})`).padStart(8)).join("")} ${"struct".padStart(7)}`,
  );
  for (const t of bill.perTool) {
    lines.push(
      `${pad(t.name, width)} ${num(t.tokens)} ${fields.map((f) => num(t.fields[f], 8)).join("")} ${num(t.structure)}${t.appOnly ? "  app only" : ""}`,
    );
  }
  lines.push("");
  lines.push(
    `${pad(`${bill.tools} tool definition${bill.tools === 1 ? "" : "s"}, whole array`, width)} ${num(bill.toolsTokens)}   (sum of the per-tool counts: ${n(bill.sumOfPerTool)})`,
  );
  lines.push(
    `${pad(t("tokens.instructions"), width)} ${bill.hasInstructions ? num(bill.instructionsTokens) : "   none"}`,
  );
  lines.push(`${pad(totalLabel, width)} ${num(bill.totalTokens)}`);
  if (bill.appOnly.tools)
    lines.push(
      `of which ${n(bill.appOnly.tokens)} tokens are ${bill.appOnly.tools} app-only tool${bill.appOnly.tools === 1 ? "" : "s"} (_meta.ui.visibility without "model"): an MCP Apps host hides them from the model, so it bills ${n(bill.totalTokens - bill.appOnly.tokens)}`,
    );
  lines.push("");
  lines.push(fleetSentence(fleetCost(bill.totalTokens, fleet.servers, fleet.window), t, locale));
  lines.push(
    "Fields in parentheses are billed but not counted in the tool's tokens; struct = keys, braces and separators (tokens minus counted fields).",
  );
  return lines.join("\n");
}
