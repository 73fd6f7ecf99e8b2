/**
 * The knobs of a bill and their defaults, in one isomorphic module (the page's selectors, the route's schema
 * and the CLI's flags all read it; none of it loads a tokenizer).
 */
import { LAYOUTS, type Layout } from "./serialize";

export const ENCODINGS = ["o200k_base", "cl100k_base"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** A knob's choices, each as [short label for the selector, description for the sentence under it]. */
type Choices<K extends string> = Record<K, [label: string, description: string]>;

const labelsOf = <K extends string>(choices: Choices<K>) => mapChoices(choices, ([label]) => label);
const descriptionsOf = <K extends string>(choices: Choices<K>) => mapChoices(choices, ([, description]) => description);
function mapChoices<K extends string>(choices: Choices<K>, pick: (c: [string, string]) => string): Record<K, string> {
  const picked = Object.entries<[string, string]>(choices).map(([k, c]) => [k, pick(c)]);
  return Object.fromEntries(picked) as Record<K, string>;
}

const ENCODING_CHOICES: Choices<Encoding> = {
  o200k_base: ["o200k_base (the chapter's)", "o200k_base, the GPT-4o family's tokenizer"],
  cl100k_base: ["cl100k_base", "cl100k_base, the GPT-4 / GPT-3.5 tokenizer"],
};
export const ENCODING_LABELS = labelsOf(ENCODING_CHOICES);
export const ENCODING_DESCRIPTIONS = descriptionsOf(ENCODING_CHOICES);

export function isEncoding(value: string): value is Encoding {
  return (ENCODINGS as readonly string[]).includes(value);
}

/**
 * Which part of each tool definition is counted as "in the prompt".
 * - `prompt`: {name, description, inputSchema} in that order — what providers render into the prompt and
 *   what the chapter counts;
 * - `whole`: the definition exactly as received (title, outputSchema, annotations, execution, icons, _meta…).
 */
export const FIELD_SETS = ["prompt", "whole"] as const;
export type FieldSet = (typeof FIELD_SETS)[number];

const FIELD_SET_CHOICES: Choices<FieldSet> = {
  prompt: [
    "name + description + inputSchema",
    "each tool's {name, description, inputSchema}, what a provider renders into the prompt (the chapter's)",
  ],
  whole: [
    "the whole definition",
    "each tool's definition exactly as received (title, outputSchema, annotations, execution, _meta… included)",
  ],
};
export const FIELD_SET_LABELS = labelsOf(FIELD_SET_CHOICES);
export const FIELD_SET_DESCRIPTIONS = descriptionsOf(FIELD_SET_CHOICES);

const LAYOUT_CHOICES: Choices<Layout> = {
  python: [
    "json.dumps (the chapter's)",
    'Python\'s json.dumps defaults: ", " and ": ", keys in received order, non-ASCII escaped as \\uXXXX',
  ],
  "python-unicode": [
    "json.dumps, ensure_ascii=False",
    'Python\'s json.dumps(ensure_ascii=False): ", " and ": ", non-ASCII text kept as is',
  ],
  compact: ["compact JSON", "JSON.stringify: no spaces, as a JSON-RPC frame carries it"],
};
export const LAYOUT_LABELS = labelsOf(LAYOUT_CHOICES);
export const LAYOUT_DESCRIPTIONS = descriptionsOf(LAYOUT_CHOICES);

export function isFieldSet(value: string): value is FieldSet {
  return (FIELD_SETS as readonly string[]).includes(value);
}

export interface BillOptions {
  encoding: Encoding;
  layout: Layout;
  fieldSet: FieldSet;
}

/** The chapter's choices: the table comes out unchanged with these. */
export const DEFAULT_BILL_OPTIONS: BillOptions = { encoding: "o200k_base", layout: "python", fieldSet: "prompt" };

/** "N servers like this one, W-token window": the chapter's five servers; a 200K window is common today. */
export const DEFAULT_FLEET = { servers: 5, window: 200_000 } as const;

export { LAYOUTS, type Layout };
