/** Small shared building blocks, so every panel looks and reads the same. */
import type { ButtonHTMLAttributes, ReactNode } from "react";

export function PanelHeading({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <div>
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
        {subtitle ? <p className="text-xs text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/**
 * A tab's body: a labelled section that opens with its heading (`actions` go beside the title). Its accessible name is
 * the title unless `label` says otherwise.
 */
export function PanelSection({
  label,
  title,
  subtitle,
  actions,
  gap = "gap-3",
  children,
  ...data
}: {
  label?: string;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  gap?: "gap-2" | "gap-3" | "gap-4";
  children?: ReactNode;
} & { [attribute: `data-${string}`]: string | undefined }) {
  return (
    <section className={`flex flex-col ${gap}`} aria-label={label ?? title} {...data}>
      <PanelHeading title={title} subtitle={subtitle}>
        {actions}
      </PanelHeading>
      {children}
    </section>
  );
}

type Tone = "primary" | "neutral" | "danger";

const TONES: Record<Tone, string> = {
  primary: "bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300 dark:disabled:bg-blue-900",
  neutral:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  danger:
    "border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-red-300 dark:border-red-800 dark:bg-slate-800 dark:text-red-300",
};

export function Button({
  tone = "neutral",
  className = "",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return (
    <button
      type="button"
      className={`rounded px-2.5 py-1 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${TONES[tone]} ${className}`}
      {...rest}
    />
  );
}

export const inputClass =
  "rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

/** A menu named by its aria-label (it sits in a heading or a toolbar, with no label beside it); says what was chosen. */
export function Menu<T extends string>({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <select
      aria-label={label}
      data-testid={testId}
      className={inputClass}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {children}
    </select>
  );
}

/**
 * A button that opens the file picker for a JSON file and hands over the file chosen (the input is emptied, so the
 * same file can be chosen again); keyboard focus shows as a ring around the button.
 */
export function JsonFileButton({
  label,
  testId,
  onFile,
}: {
  label: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center rounded border border-slate-300 px-2.5 py-1 font-medium hover:bg-slate-100 focus-within:ring-2 focus-within:ring-blue-500 dark:border-slate-600 dark:hover:bg-slate-800">
      {label}
      <input
        data-testid={testId}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** A bulleted list, one line an item, in the order given. */
export function BulletList({
  lines,
  className = "ml-4 list-disc",
  itemTestId,
}: {
  lines: ReactNode[];
  className?: string;
  itemTestId?: string;
}) {
  return (
    <ul className={className}>
      {lines.map((line, i) => (
        <li key={i} data-testid={itemTestId}>
          {line}
        </li>
      ))}
    </ul>
  );
}

/** Warnings, one paragraph each, in amber (`className` adds to it, e.g. a width). */
export function WarningLines({ lines, className = "" }: { lines: ReactNode[]; className?: string }) {
  return (
    <>
      {lines.map((line, i) => (
        <p key={i} className={`${className} text-amber-700 dark:text-amber-300`.trim()}>
          {line}
        </p>
      ))}
    </>
  );
}

/** A checkbox with its words after it, in one label (clicking the words ticks the box). */
export function Checkbox({
  testId,
  checked,
  onChange,
  title,
  className = "",
  children,
  ...data
}: {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title?: string;
  className?: string;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string | undefined }) {
  return (
    <label className={`flex items-center gap-1 ${className}`.trim()} title={title}>
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        {...data}
      />
      {children}
    </label>
  );
}

/** A one-line text box that reports the new text. `label` names it where no words stand beside it (a heading, a toolbar). */
export function TextBox({
  label,
  testId,
  placeholder,
  value,
  onChange,
  className = "",
}: {
  label?: string;
  testId?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <input
      aria-label={label}
      data-testid={testId}
      className={`${inputClass} ${className}`.trim()}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * A text box for what is typed as code (a command, a path, a URL, JSON): monospace, under its words (clicking them
 * focuses the box). `className` adds to the label, e.g. a column span.
 */
export function CodeField({
  label,
  className = "",
  ...box
}: Omit<Parameters<typeof TextBox>[0], "label" | "className"> & { label: ReactNode; className?: string }) {
  return (
    <label className={`flex flex-col gap-1 ${className}`.trim()}>
      {label}
      <TextBox className="font-mono" {...box} />
    </label>
  );
}
