/**
 * A validator's first complaint in words, for a person fixing a file or a link: where it is
 * ("interactions[3].response"), what it says, and how many more there are (" (and 2 more problems)").
 * Takes zod's issue shape without importing zod, so any layer can word its own.
 */
export type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

export function firstIssue(issues: readonly Issue[]): { path: string; message: string; more: string } {
  const [issue] = issues;
  const path = issue.path.reduce<string>(
    (acc, seg) => (typeof seg === "number" ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)),
    "",
  );
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return { path, message: issue.message, more };
}
