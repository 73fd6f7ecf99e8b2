/** Cards and rows in the house's looks, and the one spelling of what they tell automation (test id, data-*). */
import { createElement, type HTMLAttributes, type ReactNode } from "react";

/** What a row or card tells automation about itself: its `data-*` attributes (camelCase keys: checkId → data-check-id). */
export type TestData = Record<string, string | number | boolean | undefined>;

const dataName = (key: string) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The test id and the `data-*` attributes of one element, the one spelling every panel uses for e2e tests to read. */
export function testAttributes(testId: string | undefined, data: TestData = {}): Record<string, TestData[string]> {
  return { "data-testid": testId, ...Object.fromEntries(Object.entries(data).map(([key, v]) => [dataName(key), v])) };
}

/** The house's card looks, as the panels wrote them out by hand (a card adds its own `className` to one). */
const CARD_TONES = {
  plain: "rounded border border-slate-200 p-2 dark:border-slate-700",
  row: "rounded border border-slate-200 p-2 text-xs dark:border-slate-700",
  section: "space-y-2 rounded border border-slate-200 p-2 dark:border-slate-700",
  column: "flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700",
  raised: "rounded border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900",
  asking: "flex flex-col gap-2 rounded bg-amber-50 p-2 dark:bg-amber-950/40",
  tile: "flex flex-col gap-2 rounded border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900",
  lessonTile:
    "flex flex-col gap-2 rounded border border-violet-300 bg-white p-3 shadow-sm dark:border-violet-700 dark:bg-slate-900",
} as const;

/**
 * A card or a row of a list in one of the house's looks (`tone`), named by `label` when it is a landmark, with its test
 * id and the `data-*` attributes that say its state (`data`, as testAttributes spells them). Other attributes go through.
 */
export function Card({
  as = "div",
  testId,
  label,
  data,
  tone = "plain",
  className = "",
  children,
  ...attributes
}: {
  as?: "div" | "li" | "section" | "article" | "details" | "figure" | "fieldset";
  testId?: string;
  label?: string;
  data?: TestData;
  tone?: keyof typeof CARD_TONES;
  className?: string;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "className" | "children"> & { open?: boolean }) {
  const classes = `${className} ${CARD_TONES[tone]}`.trim();
  const named = { "aria-label": label, className: classes, ...attributes };
  return createElement(as, { ...testAttributes(testId, data), ...named }, children);
}

/** How a labelled value shows: the element that holds it and its classes. */
const VALUE_LOOKS = {
  mono: ["span", "font-mono"],
  chip: ["code", "break-all rounded bg-white px-1 dark:bg-slate-900"],
} as const;

/** "Label: value" in one paragraph: the label's words, then the value (`children`) in an element tests read by its id. */
export function LabeledValue({
  label,
  testId,
  look,
  className,
  children,
}: {
  label: ReactNode;
  testId: string;
  look: keyof typeof VALUE_LOOKS;
  className?: string;
  children: ReactNode;
}) {
  const [element, valueClass] = VALUE_LOOKS[look];
  return (
    <p className={className}>
      {label} {createElement(element, { "data-testid": testId, className: valueClass }, children)}
    </p>
  );
}
