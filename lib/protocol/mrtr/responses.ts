/**
 * The values a client puts in `inputResponses` (digest §6.2): ElicitResult for elicitation (accept / decline /
 * cancel), CreateMessageResult for sampling (deprecated), ListRootsResult for roots (deprecated). None of them
 * carries resultType. Also the check that a response fits the request it answers.
 */
import { msg } from "../../i18n/translate";
import { CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema } from "@modelcontextprotocol/core";
import type { z } from "zod";
import { verdict, type RuleVerdict } from "./catalog";
import { validateContent } from "./form-content";
import type { InputRequestView } from "./parse";
import { asObject, type JsonObject } from "./shapes";

export type ElicitAction = "accept" | "decline" | "cancel";

/** Form mode accept carries the content; URL mode accept carries none (it means "the user went to the URL"). */
export function elicitAccept(content?: Record<string, unknown>): JsonObject {
  return content === undefined ? { action: "accept" } : { action: "accept", content };
}
export function elicitDecline(): JsonObject {
  return { action: "decline" };
}
export function elicitCancel(): JsonObject {
  return { action: "cancel" };
}

/** Deprecation notes the UI and the CLI show next to the deprecated kinds (spec/deprecated.mdx, SEP-2577). */
export const DEPRECATED_KINDS = {
  sampling: {
    sep: "SEP-2577",
    since: "2026-07-28",
    migration: "integrate directly with LLM provider APIs instead of Sampling",
  },
  roots: {
    sep: "SEP-2577",
    since: "2026-07-28",
    migration: "pass directories or files via tool parameters, resource URIs or server configuration instead of Roots",
  },
} as const;

export const STOP_REASONS = ["endTurn", "stopSequence", "maxTokens", "toolUse"] as const;

export interface SamplingReplyInput {
  text: string;
  model: string;
  stopReason?: string;
  role?: "assistant" | "user";
}

/** A human-written CreateMessageResult: the playground has no model, the person is the model. */
export function samplingReply(input: SamplingReplyInput): JsonObject {
  const reply: JsonObject = {
    role: input.role ?? "assistant",
    content: { type: "text", text: input.text },
    model: input.model,
  };
  if (input.stopReason) reply.stopReason = input.stopReason;
  return reply;
}

export interface RootInput {
  uri: string;
  name?: string;
}

/** Root URIs MUST be file:// and clients MUST validate them (no path traversal). Returns a message per bad root. */
export function rootProblems(roots: RootInput[]): string[] {
  const problems: string[] = [];
  roots.forEach((r, i) => {
    let url: URL;
    try {
      url = new URL(r.uri);
    } catch {
      problems.push(`root ${i + 1}: ${JSON.stringify(r.uri)} is not a URI.`);
      return;
    }
    if (url.protocol !== "file:") problems.push(`root ${i + 1}: ${r.uri} is not a file:// URI.`);
    else if (/(^|\/)\.\.(\/|$)/.test(decodeURIComponent(r.uri.slice("file://".length))))
      problems.push(`root ${i + 1}: ${r.uri} contains "..".`);
  });
  return problems;
}

export function rootsReply(roots: RootInput[]): JsonObject {
  return { roots: roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
}

function zodProblems(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues.map((i) => `${i.path.join(".") || "(value)"}: ${i.message}`).join("; ");
}

/** Judges one inputResponses value against the input request it answers. */
export function checkResponse(request: InputRequestView, response: unknown): RuleVerdict[] {
  const key = request.key;
  const out: RuleVerdict[] = [];
  const schema =
    request.kind === "elicitation-form" || request.kind === "elicitation-url"
      ? ElicitResultSchema
      : request.kind === "sampling"
        ? CreateMessageResultSchema
        : request.kind === "roots"
          ? ListRootsResultSchema
          : undefined;
  if (!schema) return out;
  const expected =
    request.kind === "sampling" ? "CreateMessageResult" : request.kind === "roots" ? "ListRootsResult" : "ElicitResult";
  const carriesResultType = asObject(response)?.resultType !== undefined;
  const problem =
    zodProblems(schema, response) ??
    (carriesResultType ? "resultType does not belong inside inputResponses." : undefined);
  out.push(
    verdict(
      "client.response-shape",
      !problem,
      problem ? msg("mrtr.v.responseInvalid", { key, expected, problem }) : msg("mrtr.v.responseOk", { key, expected }),
      key,
    ),
  );
  const res = asObject(response);
  if (request.kind === "elicitation-form" && res?.action === "accept") {
    const check = validateContent(request.form, res.content ?? {});
    out.push(
      verdict(
        "client.validate-content",
        check.ok,
        check.ok
          ? msg("mrtr.v.contentOk", { key })
          : msg("mrtr.v.contentBad", {
              key,
              errors: Object.entries(check.errors)
                .map(([k, m]) => `${k || "(content)"}: ${m}`)
                .join("; "),
            }),
        key,
      ),
    );
  }
  if (request.kind === "roots" && res && Array.isArray(res.roots)) {
    const problems = rootProblems(res.roots.map((r) => ({ uri: String(asObject(r)?.uri) })));
    if (problems.length)
      out.push(verdict("client.response-shape", false, `inputResponses["${key}"]: ${problems.join(" ")}`, key));
  }
  return out;
}
