/**
 * The agreement between the official conformance suite (@modelcontextprotocol/conformance, server mode) and our
 * checks on the same targets. `npm run conformance` (scripts/conformance.ts) runs both and writes
 * docs/conformance-agreement.json; scripts/gen-checks-doc.ts renders it. Pure: no I/O.
 */
export * from "./scenarios";
export * from "./agreement";
