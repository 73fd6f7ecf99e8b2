// The fixture matrix lives beside the table it documents (lib/checks/doc.ts); the matrix test runs every row.
export { MATRIX, type MatrixRow } from "@/lib/checks/doc";
