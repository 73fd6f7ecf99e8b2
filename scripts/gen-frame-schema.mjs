// Regenerates lib/protocol/schema/client-frame.schema.json (the editor's validation schema) from the zod
// schemas of @modelcontextprotocol/core. Run after upgrading the SDK: node scripts/gen-frame-schema.mjs
// (tests/unit/frame-schema.test.ts fails when the committed file is stale).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clientFrameJsonSchema } from "../lib/protocol/schema/client-frame.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "lib/protocol/schema/client-frame.schema.json");
const text = JSON.stringify(clientFrameJsonSchema(), null, 2) + "\n";
writeFileSync(out, text);
console.log(`wrote ${path.relative(root, out)} (${text.length} bytes)`);
