/**
 * Reads an `input_required` result into the input requests the UI renders, and judges it against the server
 * rules (digest §6.3–6.4): a malformed result is shown as a server violation and the rest stays usable.
 */
import { msg } from "../../i18n/translate";
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
        msg("mrtr.v.unknownKind", { key, method: String(JSON.stringify(entry.method)) }),
        key,
      ),
    );
    return { key, kind: "unknown", method, params };
  }
  verdicts.push(verdict("server.known-kind", true, msg("mrtr.v.kind", { key, method }), key));
  const need = requiredCapabilityOf({ method, params }) ?? {};
  const declared = isDeclared(ctx.declared, need);
  verdicts.push(
    verdict(
      "server.declared-capability",
      declared,
      declared
        ? msg("mrtr.v.declared", { method, capability: capabilityLabel(need) })
        : msg("mrtr.v.undeclared", { method, capability: capabilityLabel(need) }),
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
        url.valid
          ? msg("mrtr.v.urlValid", { url: url.href })
          : msg("mrtr.v.urlInvalid", { url: String(JSON.stringify(params.url)) }),
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
          ? msg("mrtr.v.mayCarry", { method: String(ctx.method) })
          : msg("mrtr.v.mayNotCarry", { method: String(ctx.method) }),
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
        ? msg("mrtr.v.carries", {
            what:
              hasRequests && hasState
                ? msg("mrtr.v.and", { a: "inputRequests", b: "requestState" })
                : hasRequests
                  ? "inputRequests"
                  : "requestState",
          })
        : msg("mrtr.v.carriesNeither"),
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
        ? msg("mrtr.v.shapeOk")
        : [
            !stateOk && `requestState is ${typeof res.requestState}, not a string.`,
            hasRequests && !requestsObj && "inputRequests is not an object.",
          ]
            .filter(Boolean)
            .join(" "),
    ),
  );
  const cacheKeys = ["ttlMs", "cacheScope"].filter((k) => has(res, k));
  if (cacheKeys.length)
    verdicts.push(
      verdict(
        "server.no-cache-hints",
        false,
        msg("mrtr.v.carries", {
          what: cacheKeys.length === 2 ? msg("mrtr.v.and", { a: cacheKeys[0], b: cacheKeys[1] }) : cacheKeys[0],
        }),
      ),
    );
  const requests = Object.entries(requestsObj ?? {}).map(([key, raw]) => viewOf(key, raw, ctx, verdicts));
  const view: InputRequiredView = { requests, hasInputRequests: hasRequests && requests.length > 0, verdicts };
  if (typeof res.requestState === "string") view.requestState = res.requestState;
  return view;
}
