/**
 * The fixture matrix: which conformance-fixture violation proves which check, over which transport, and what
 * the suite must say. docs/checks.md renders the same table; the matrix test runs every row.
 */
export interface MatrixRow {
  /** The check the violation breaks (and the fixture's --violate value). */
  id: string;
  transport: "stdio" | "http";
  /** "fail" for a broken rule; "warn" where the suite can only flag it (informational rules, AMBIG-22). */
  expect: "fail" | "warn";
}

const http = (ids: string[]): MatrixRow[] => ids.map((id) => ({ id, transport: "http", expect: "fail" }));
const stdio = (ids: string[]): MatrixRow[] => ids.map((id) => ({ id, transport: "stdio", expect: "fail" }));

export const MATRIX: MatrixRow[] = [
  // Rules for both transports: proved over HTTP (an in-process server, fast), the stdio-specific paths over stdio too.
  ...http(["C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21", "C22", "C23"]),
  ...http(["C24", "C25", "C26", "C27", "C29", "C30"]),
  { id: "C31", transport: "http", expect: "warn" },
  { id: "C32", transport: "http", expect: "warn" },
  ...http(["C33", "C34", "C35", "C36", "C37", "C38", "C40"]),
  ...http(["C41", "C42", "C43", "C44", "C45", "C46", "C47", "C48", "C49", "C50", "C51", "C52", "C53", "C54", "C55", "C56"]),
  ...stdio(["C04", "C06", "C37", "C40"]),
  ...stdio(["C28", "C39", "C58", "C60", "C61"]),
  { id: "C62", transport: "stdio", expect: "warn" },
];
