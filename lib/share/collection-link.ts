/**
 * A collection of saved frames as a link: `#collection=<base64url of raw DEFLATE of the JSON below>`.
 *
 *   { "format": "mcp-playground/collection", "version": 1, "name": "Dentist walk-through",
 *     "items": [ { "name": "list", "frame": "{…}", "target": { "kind": "demo", … } }, … ] }
 *
 * Secrets are left out exactly as in session links (stripSecrets: env values, credential headers, secret argv values,
 * known secrets such as the playground token). A link never acts: the page shows the collection and runs it only on
 * a click (and a command it would start only after the confirmation that shows it). Decoding treats the fragment as
 * hostile: sizes are checked before each step and the JSON is validated. Pure.
 */
import { z } from "zod";
import { TargetSchema, type Target } from "../bridge/contract";
import { deflateToLink, inflateFromLink } from "./deflate";
import { SHARE_LIMITS } from "./limits";
import { msg, type Msg } from "../i18n/translate";
import { stripSecrets, type StripOptions } from "./secrets";

export const COLLECTION_PARAM = "collection";
export const COLLECTION_FORMAT = "mcp-playground/collection";
const MAX_ITEMS = 100;

export interface CollectionItem {
  name: string;
  frame: string;
  target: Target;
}

export interface SharedCollection {
  name: string;
  items: CollectionItem[];
}

const PayloadSchema = z.object({
  format: z.literal(COLLECTION_FORMAT),
  version: z.literal(1),
  name: z.string().max(200),
  items: z
    .array(
      z.object({ name: z.string().max(200), frame: z.string().max(SHARE_LIMITS.maxStringChars), target: TargetSchema }),
    )
    .min(1)
    .max(MAX_ITEMS),
});

export async function encodeCollectionFragment(
  collection: SharedCollection,
  options: StripOptions = {},
): Promise<{ fragment: string; collection: SharedCollection; omitted: string[]; omittedMsgs: Msg[] }> {
  const omitted = new Set<string>();
  const omittedMsgs: Msg[] = [];
  const items = collection.items.map((item) => {
    // One item is a session with no exchanges: the same stripping as a link (target + editor text).
    const stripped = stripSecrets(
      {
        target: item.target,
        editor: item.frame,
        capabilities: {},
        protocolVersion: "",
        era: "auto",
        exchanges: [],
        omitted: [],
      },
      options,
    );
    stripped.omittedMsgs.forEach((line, i) => {
      const english = `${item.name}: ${stripped.omitted[i]}`;
      if (omitted.has(english)) return;
      omitted.add(english);
      omittedMsgs.push(msg("share.omit.inItem", { name: item.name, line }));
    });
    return { name: item.name, frame: stripped.state.editor, target: stripped.state.target };
  });
  const payload = { format: COLLECTION_FORMAT, version: 1, name: collection.name, items };
  return {
    fragment: `#${COLLECTION_PARAM}=${await deflateToLink(JSON.stringify(payload))}`,
    collection: { name: collection.name, items },
    omitted: [...omitted],
    omittedMsgs,
  };
}

export type DecodedCollection =
  { kind: "none" } | { kind: "ok"; collection: SharedCollection } | { kind: "error"; reason: string };

/** The fragment → a collection: "none" when it is not a collection link, else the collection or why it cannot be read. */
export async function decodeCollectionFragment(fragment: string): Promise<DecodedCollection> {
  const body = fragment.replace(/^#/, "");
  const prefix = `${COLLECTION_PARAM}=`;
  if (!body.startsWith(prefix)) return { kind: "none" };
  if (fragment.length > SHARE_LIMITS.maxFragmentChars)
    return {
      kind: "error",
      reason: `it is ${fragment.length.toLocaleString("en-US")} characters long, over the ${SHARE_LIMITS.maxFragmentChars.toLocaleString("en-US")}-character limit`,
    };
  const payload = body.slice(prefix.length).split("&")[0];
  if (!payload) return { kind: "error", reason: "the collection is missing; the link was probably cut off" };
  const json = await inflateFromLink(payload, SHARE_LIMITS.maxJsonChars);
  if (!json.ok) return { kind: "error", reason: json.reason };
  let value: unknown;
  try {
    value = JSON.parse(json.text);
  } catch {
    return { kind: "error", reason: "its collection is not JSON; the link was probably cut off or edited" };
  }
  const parsed = PayloadSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "error",
      reason: `its collection does not have the expected shape (${issue.path.join(".") || "top level"}: ${issue.message})`,
    };
  }
  return { kind: "ok", collection: { name: parsed.data.name, items: parsed.data.items } };
}
