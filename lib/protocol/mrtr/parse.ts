/**
 * Reads an `input_required` result into the input requests the UI renders, and judges it against the server
 * rules (digest §6.3–6.4): a malformed result is shown as a server violation and the rest stays usable.
 */
import { capabilityLabel, isDeclared, requiredCapabilityOf } from "./capabilities";
import { verdict, type RuleVerdict } from "./catalog";
import { formModelOf, type FormModel } from "./form";
import { asObject, has, INPUT_REQUIRED, INPUT_REQUEST_METHODS, isMrtrMethod, type JsonObject } from "./shapes";
import { describeUrl, type UrlView } from "./url";

export type InputRequestView =
  | { key: string; kind: "elicitation-form"; message: string; form: FormModel; params: JsonObject }
  | { key: string; kind: "elicitation-url"; message: string; url: UrlView; params: JsonObject }
  | { key: string; kind: "sampling"; params: JsonObject }
  | { key: string; kind: "roots"; params: JsonObject }
  | { key: string; kind: "unknown"; method: string; params: JsonObject };

export interface InputRequiredView {
  requests: InputRequestView[];
  /** Present when the server sent one (verbatim; never parsed). */
  requestState?: string;
  hasInputRequests: boolean;
  /** Every server rule checked, passing or not. */
  verdicts: RuleVerdict[];
}

export interface ReadContext {
  /** The method of the request this result answers. */
  method?: string;
  /** That request's declared clientCapabilities (undefined = the request had none). */
  declared?: JsonObject;
}

export function isInputRequired(result: unknown): boolean {
  return asObject(result)?.resultType === INPUT_REQUIRED;
}

function viewOf(key: string, raw: unknown, ctx: ReadContext, verdicts: RuleVerdict[]): InputRequestView {
  const entry = asObject(raw) ?? {};
  const method = typeof entry.method === "string" ? entry.method : String(entry.method);
  const params = asObject(entry.params) ?? {};
  if (!(INPUT_REQUEST_METHODS as readonly string[]).includes(method)) {
    verdicts.push(
      verdict(
        "server.known-kind",
        false,
        `inputRequests["${key}"] has method ${JSON.stringify(entry.method)}, which is not elicitation/create, sampling/createMessage or roots/list.`,
        key,
      ),
    );
    return { key, kind: "unknown", method, params };
  }
  verdicts.push(verdict("server.known-kind", true, `inputRequests["${key}"] is ${method}.`, key));
  const need = requiredCapabilityOf({ method, params }) ?? {};
  const declared = isDeclared(ctx.declared, need);
  verdicts.push(
    verdict(
      "server.declared-capability",
      declared,
      declared
        ? `${method} needs ${capabilityLabel(need)}, which the request declared.`
        : `${method} needs ${capabilityLabel(need)}, which the request did not declare.`,
      key,
    ),
  );
  const message = typeof params.message === "string" ? params.message : "";
  if (method === "elicitation/create" && params.mode === "url") {
    const url = describeUrl(params.url);
    verdicts.push(
      verdict(
        "server.url-valid",
        url.valid,
        url.valid ? `url ${url.href} is a valid URL.` : `url ${JSON.stringify(params.url)} is not a valid URL.`,
        key,
      ),
    );
    return { key, kind: "elicitation-url", message, url, params };
  }
  if (method === "elicitation/create") {
    const form = formModelOf(params.requestedSchema);
    const detail = form.issues.length
      ? form.issues.map((i) => i.message).join(" ")
      : `requestedSchema has ${form.fields.length} allowed field(s).`;
    verdicts.push(verdict("server.form-schema", form.issues.length === 0, detail, key));
    return { key, kind: "elicitation-form", message, form, params };
  }
  if (method === "sampling/createMessage") return { key, kind: "sampling", params };
  return { key, kind: "roots", params };
}

/** Reads and judges an InputRequiredResult (the `result` member of the response). */
export function readInputRequired(result: unknown, ctx: ReadContext = {}): InputRequiredView {
  const res = asObject(result) ?? {};
  const verdicts: RuleVerdict[] = [];
  if (ctx.method !== undefined) {
    const allowed = isMrtrMethod(ctx.method);
    verdicts.push(
      verdict(
        "server.allowed-method",
        allowed,
        allowed
          ? `${ctx.method} may carry input_required.`
          : `input_required came back for ${ctx.method}; only tools/call, prompts/get and resources/read may carry it.`,
      ),
    );
  }
  const hasRequests = has(res, "inputRequests") && res.inputRequests !== undefined;
  const hasState = has(res, "requestState") && res.requestState !== undefined;
  verdicts.push(
    verdict(
      "server.requests-or-state",
      hasRequests || hasState,
      hasRequests || hasState
        ? `carries ${[hasRequests && "inputRequests", hasState && "requestState"].filter(Boolean).join(" and ")}.`
        : "carries neither inputRequests nor requestState.",
    ),
  );
  const requestsObj = asObject(res.inputRequests);
  const stateOk = !hasState || typeof res.requestState === "string";
  const shapeOk = (!hasRequests || requestsObj !== undefined) && stateOk;
  verdicts.push(
    verdict(
      "server.request-shape",
      shapeOk,
      shapeOk
        ? "inputRequests is an object and requestState a string."
        : [
            !stateOk && `requestState is ${typeof res.requestState}, not a string.`,
            hasRequests && !requestsObj && "inputRequests is not an object.",
          ]
            .filter(Boolean)
            .join(" "),
    ),
  );
  const cacheKeys = ["ttlMs", "cacheScope"].filter((k) => has(res, k));
  if (cacheKeys.length) verdicts.push(verdict("server.no-cache-hints", false, `carries ${cacheKeys.join(" and ")}.`));
  const requests = Object.entries(requestsObj ?? {}).map(([key, raw]) => viewOf(key, raw, ctx, verdicts));
  const view: InputRequiredView = { requests, hasInputRequests: hasRequests && requests.length > 0, verdicts };
  if (typeof res.requestState === "string") view.requestState = res.requestState;
  return view;
}
