/**
 * Where to answer: an `input_required` card names the requested inputs in one line and points to the MRTR tab.
 * Zod-free on purpose (the timeline is on the first screen; the MRTR library loads with its tab). Pure.
 */
import type { Exchange } from "../bridge/contract";
import { asObject, type JsonObject } from "../protocol/json";
import type { TimelineEntry } from "./state";
import { englishT, type Translate } from "../i18n/translate";
import { replyFrame } from "../protocol/exchange";

/** The result of an exchange when it is an input_required result, else undefined. */
export function inputRequiredResult(exchange: Exchange): JsonObject | undefined {
  const result = asObject(asObject(replyFrame(exchange))?.result);
  return result?.resultType === "input_required" ? result : undefined;
}

function fieldWords(name: string, schema: JsonObject | undefined, required: boolean, t: Translate): string {
  const type =
    typeof schema?.format === "string"
      ? schema.format
      : typeof schema?.type === "string"
        ? schema.type
        : t("pointer.value");
  return t(required ? "pointer.fieldRequired" : "pointer.field", { name, type });
}

/** e.g. `when: a form asking startsAt (date-time, required) · confirm: a URL to open` */
export function requestedInputsLine(result: JsonObject, t: Translate = englishT): string {
  const requests = asObject(result.inputRequests);
  if (!requests || Object.keys(requests).length === 0) return t("pointer.none");
  return Object.entries(requests)
    .map(([key, raw]) => {
      const request = asObject(raw) ?? {};
      const params = asObject(request.params) ?? {};
      if (request.method === "elicitation/create" && params.mode === "url") return t("pointer.url", { key });
      if (request.method === "elicitation/create") {
        const schema = asObject(params.requestedSchema);
        const properties = asObject(schema?.properties) ?? {};
        const required = Array.isArray(schema?.required) ? schema.required : [];
        const fields = Object.keys(properties).map((name) =>
          fieldWords(name, asObject(properties[name]), required.includes(name), t),
        );
        return fields.length
          ? t("pointer.form", { key, fields: fields.join(", ") })
          : t("pointer.formNothing", { key });
      }
      if (request.method === "sampling/createMessage") return t("pointer.sampling", { key });
      if (request.method === "roots/list") return t("pointer.roots", { key });
      return `${key}: ${JSON.stringify(request.method)}`;
    })
    .join(" · ");
}

/** Cheap test before the MRTR library is loaded to count conversations: any input_required reply at all? */
export function anyInputRequired(entries: TimelineEntry[]): boolean {
  return entries.some((e) => e.phase.status === "done" && inputRequiredResult(e.phase.exchange) !== undefined);
}
