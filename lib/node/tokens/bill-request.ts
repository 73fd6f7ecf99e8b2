/**
 * Bills a POST /api/tokens body (the route and the tests): validation, the catalogue's shape and tool count,
 * then the bounded count (./counting.ts). Every problem comes back as a value.
 */
import { z } from "zod";
import type { BridgeReply } from "@/lib/bridge/contract";
import type { Bill } from "@/lib/tokens/bill";
import { checkCatalogue, type Catalogue } from "@/lib/tokens/catalogue";
import { BillRequestSchema, TOKENS_LIMITS, type ParsedBillRequest } from "@/lib/tokens/request";
import { billBounded, isCountError, tokensLimits } from "./counting";

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length > 0 ? issue.path.join(".") : "the body";
  return `${where}: ${issue.message}`;
}

/** Validates and bills. */
export async function billRequest(body: unknown, client = ""): Promise<BridgeReply<Bill>> {
  const parsed = BillRequestSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, kind: "bad-request", message: `not a bill request: ${describeIssue(parsed.error)}` };
  return billParsedRequest(parsed.data, client);
}

/** Bills a request that already matched the schema (the route's glue parsed it). */
export async function billParsedRequest(request: ParsedBillRequest, client = ""): Promise<BridgeReply<Bill>> {
  const catalogue: Catalogue = request.catalogue;
  const problem = checkCatalogue(catalogue);
  if (problem) return { ok: false, kind: "bad-request", message: `cannot bill this catalogue: ${problem}` };
  const tools = catalogue.pages.reduce((n, page) => n + (page.tools as unknown[]).length, 0);
  if (tools > TOKENS_LIMITS.maxTools)
    return {
      ok: false,
      kind: "too-large",
      message: `the catalogue has ${tools} tools; the playground bills at most ${TOKENS_LIMITS.maxTools}`,
    };
  try {
    return { ok: true, value: await billBounded(catalogue, request.options, tokensLimits(), client) };
  } catch (e) {
    if (isCountError(e)) return { ok: false, kind: e.kind, message: e.message };
    throw e;
  }
}
