// Token bill figure for `npm run bench` (run with `node --import tsx bench/tokens.ts`; prints JSON):
// the time to bill (lib/tokens billCatalogue: serialize each tool, count it, count the whole array and the
// instructions) vs a bare js-tiktoken encode of exactly the same texts with the same encoder, interleaved;
// for the reference catalogue (server-everything after the chapter's legacy handshake) and a synthetic
// catalogue of 1,000 tools. The encoder is loaded once, before timing (its ~0.5 s build is reported apart).
import { performance } from "node:perf_hooks";
import { send } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { billCatalogue, countedView } from "@/lib/tokens/bill";
import { catalogueTools, type Catalogue, type JsonObject } from "@/lib/tokens/catalogue";
import { loadEncoder, counterOf } from "@/lib/tokens/encoders";
import { fetchCatalogue } from "@/lib/tokens/fetch";
import { DEFAULT_BILL_OPTIONS } from "@/lib/tokens/options";
import { serialize } from "@/lib/tokens/serialize";
import { stats } from "./stats.mjs";

const QUICK = process.argv.includes("--quick");

async function referenceCatalogue(): Promise<Catalogue> {
  let n = 0;
  const target = { kind: "demo" as const, server: "everything" as const, transport: "stdio" as const };
  const fetched = await fetchCatalogue(
    (frame) =>
      send({ sendId: `bench-tokens-${++n}`, target, frame, insist: false, timeoutMs: 20_000, processMode: "keep" }),
    {
      handshake: "legacy",
      clientCapabilities: {},
      transport: "stdio",
      target: "demo everything",
    },
  );
  if (!fetched.ok) throw new Error(`could not fetch the reference catalogue: ${fetched.message}`);
  return fetched.catalogue;
}

/** 1,000 tools shaped like real ones: a description, a few typed, described parameters, some nesting. */
function syntheticCatalogue(count: number): Catalogue {
  const tools: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    tools.push({
      name: `tool_${i}_${["search", "create", "update", "delete"][i % 4]}`,
      description: `Tool number ${i}: does one thing well. Reads the input, validates it against the schema, and returns a structured result with an id, a status and a human-readable summary.`,
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "What to look for; free text, up to 200 characters." },
          limit: { type: "integer", minimum: 1, maximum: 100, description: "How many results to return." },
          filters: {
            type: "object",
            properties: {
              since: { type: "string", format: "date-time" },
              tags: { type: "array", items: { type: "string" } },
            },
          },
        },
        required: ["query"],
      },
    });
  }
  return { pages: [{ tools }] };
}

/** Exactly the texts billCatalogue encodes (each tool's counted view, each field, the whole array, the instructions), captured by a recording counter. */
function textsBilled(catalogue: Catalogue, count: (text: string) => number): string[] {
  const texts: string[] = [];
  billCatalogue(catalogue, (text) => (texts.push(text), count(text)));
  return texts;
}

/** Only the prompt text: each tool's counted view and the whole array (what a naive "count the tool list" encodes). */
function promptTexts(catalogue: Catalogue): string[] {
  const options = DEFAULT_BILL_OPTIONS;
  const views = catalogueTools(catalogue).map((t) => serialize(countedView(t, options.fieldSet), options.layout));
  const texts = [...views, `[${views.join(options.layout === "compact" ? "," : ", ")}]`];
  if (typeof catalogue.instructions === "string") texts.push(catalogue.instructions);
  return texts;
}

async function main() {
  const t0 = performance.now();
  const encoder = await loadEncoder(DEFAULT_BILL_OPTIONS.encoding);
  const encoderLoadMs = performance.now() - t0;
  const count = counterOf(encoder);
  const catalogues = { reference: await referenceCatalogue(), synthetic1000: syntheticCatalogue(1000) };
  await shutdownAll();
  const out: Record<string, unknown> = {
    encoding: DEFAULT_BILL_OPTIONS.encoding,
    layout: DEFAULT_BILL_OPTIONS.layout,
    encoderLoadMs: Math.round(encoderLoadMs),
  };
  for (const [name, catalogue] of Object.entries(catalogues)) {
    const sameTexts = textsBilled(catalogue, count);
    const prompt = promptTexts(catalogue);
    const runs = QUICK ? 10 : name === "reference" ? 200 : 30;
    const samples: Record<"bill" | "bare" | "prompt", number[]> = { bill: [], bare: [], prompt: [] };
    let billed = 0;
    const encodeAll = (texts: string[]) => () => {
      const s = performance.now();
      for (const text of texts) encoder.encode(text, [], []);
      return performance.now() - s;
    };
    const contenders = {
      bill: () => {
        const s = performance.now();
        billed = billCatalogue(catalogue, count).totalTokens;
        return performance.now() - s;
      },
      bare: encodeAll(sameTexts),
      prompt: encodeAll(prompt),
    };
    const order = Object.keys(contenders) as (keyof typeof contenders)[];
    for (let i = 0; i < 5; i++) for (const k of order) contenders[k]();
    for (let i = 0; i < runs; i++)
      for (let j = 0; j < order.length; j++) {
        const k = order[(i + j) % order.length];
        samples[k].push(contenders[k]());
      }
    const b = stats(samples.bill);
    const e = stats(samples.bare);
    const p = stats(samples.prompt);
    out[name] = {
      tools: catalogueTools(catalogue).length,
      totalTokens: billed,
      textsEncodedByTheBill: sameTexts.length,
      billMs: b,
      bareEncodeSameTextsMs: e,
      bareEncodePromptOnlyMs: p,
      ratio: Math.round((b.median / e.median) * 1000) / 1000,
      ratioToPromptOnly: Math.round((b.median / p.median) * 1000) / 1000,
    };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch(async (e) => {
  await shutdownAll();
  console.error(e);
  process.exit(1);
});
