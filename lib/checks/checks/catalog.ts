/**
 * The catalogue is valid (C74–C77): every tool, prompt, resource and template the lists return, checked against
 * the published JSON Schema of the server's revision (vendored in ../catalog-schemas.json by
 * scripts/vendor-catalog-schemas.mjs), plus what a schema cannot say: unique names, the tool-name charset and
 * length, and input/output schemas that compile. Both eras.
 */
import { LIST_CAPABILITY, type CheckContext, type ListInfo, type ListMethod } from "../context";
import { LIST_KEY } from "../probes";
import { LEGACY_SPEC, SPEC, defineChecks, type CheckDef } from "../define";
import { asObject, truncate, type JsonObject } from "../wire";
import type { Verdict } from "../types";
import { msg, type Msg } from "../../i18n/translate";
import { list } from "../wire";

/** `what`/`whats`: catalogue keys for one item ("tool {name}") and for the kind ("tools"). */
const ITEM_DEF: Record<ListMethod, { def: string; key: (item: JsonObject) => unknown; what: string; whats: string }> = {
  "tools/list": { def: "Tool", key: (i) => i.name, what: "checks.d.item.tool", whats: "checks.d.items.tool" },
  "prompts/list": { def: "Prompt", key: (i) => i.name, what: "checks.d.item.prompt", whats: "checks.d.items.prompt" },
  "resources/list": {
    def: "Resource",
    key: (i) => i.uri,
    what: "checks.d.item.resource",
    whats: "checks.d.items.resource",
  },
  "resources/templates/list": {
    def: "ResourceTemplate",
    key: (i) => i.uriTemplate,
    what: "checks.d.item.template",
    whats: "checks.d.items.template",
  },
};

type Ajv = InstanceType<typeof import("ajv/dist/2020").default>;

/**
 * A fresh Ajv (draft 2020-12, the revisions' dialect) per check: server schemas may carry an $id, which one shared
 * instance would refuse the second time. It loads only when a catalogue is checked (not in the page's first load).
 */
async function loadAjv(): Promise<Ajv> {
  const { default: Ajv2020 } = await import("ajv/dist/2020");
  return new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
}

async function itemSchemas(ctx: CheckContext): Promise<{ revision: string; defs: JsonObject }> {
  const vendored = (await import("../catalog-schemas.json")).default as {
    revisions: Record<string, { $defs: JsonObject }>;
  };
  const revision = ctx.era === "legacy" ? "2025-11-25" : "2026-07-28";
  return { revision, defs: vendored.revisions[revision].$defs };
}

/** The declared lists' items (the run's memoised pages). */
async function catalogue(ctx: CheckContext): Promise<{ method: ListMethod; items: JsonObject[] }[]> {
  const out: { method: ListMethod; items: JsonObject[] }[] = [];
  for (const method of Object.keys(ITEM_DEF) as ListMethod[]) {
    if (!(await ctx.declares(LIST_CAPABILITY[method]))) continue;
    const info = await ctx.list(method);
    if (!info.failure) out.push({ method, items: itemsUntilLoop(info) });
  }
  return out;
}

/** The items of a list's pages up to the first repeated nextCursor: a loop (C67's failure) repeats items that are not duplicates. */
function itemsUntilLoop(info: ListInfo): JsonObject[] {
  const key = LIST_KEY[info.method];
  const cursors = new Set<unknown>();
  const items: JsonObject[] = [];
  for (const page of info.pages) {
    if (page.kind !== "result") break;
    const list = page.result[key];
    if (Array.isArray(list)) for (const it of list) if (asObject(it)) items.push(it as JsonObject);
    const next = page.result.nextCursor;
    if (cursors.has(next)) break;
    cursors.add(next);
  }
  return items;
}

const overCatalogue =
  (judge: (ctx: CheckContext, lists: { method: ListMethod; items: JsonObject[] }[]) => Promise<Verdict>) =>
  async (ctx: CheckContext): Promise<Verdict> => {
    const lists = await catalogue(ctx);
    if (!lists.some((l) => l.items.length)) return ctx.skip(msg("checks.d.noCatalogue"));
    return judge(ctx, lists);
  };

const label = (method: ListMethod, item: JsonObject): Msg =>
  msg(ITEM_DEF[method].what, { name: JSON.stringify(truncate(String(ITEM_DEF[method].key(item) ?? "(unnamed)"), 60)) });

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const CATALOG_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§10.1", path: SPEC.tools }, transports: "both" },
  [
    {
      id: "C74",
      level: "MUST",
      legacySpec: LEGACY_SPEC.schema,
      spec: { section: "§1.1", path: SPEC.base },
      run: overCatalogue(async (ctx, lists) => {
        const [validator, { revision, defs }] = await Promise.all([loadAjv(), itemSchemas(ctx)]);
        let count = 0;
        for (const { method, items } of lists) {
          const validate = validator.compile({ $defs: defs, $ref: `#/$defs/${ITEM_DEF[method].def}` });
          for (const item of items) {
            count += 1;
            if (validate(item)) continue;
            const e = validate.errors?.[0];
            const path = e?.instancePath ? e.instancePath.slice(1).replace(/\//g, ".") : "";
            // Ajv's message is English (the schema library's words): it is kept as it came.
            const error = e?.message ? msg("checks.d.asIs", { text: e.message }) : msg("checks.d.C74.invalid");
            const allowed =
              e?.params && "allowedValue" in e.params ? ` (${JSON.stringify(e.params.allowedValue)})` : "";
            const hint =
              ITEM_DEF[method].def === "Tool" && path.startsWith("inputSchema")
                ? msg("checks.d.C74.objectSchema", { example: '{"type": "object", …}' })
                : msg("checks.d.empty");
            return ctx.fail(
              msg("checks.d.C74.fail", {
                item: label(method, item),
                def: ITEM_DEF[method].def,
                revision,
                where: path || msg("checks.d.C74.theItem"),
                error,
                allowed,
                hint,
              }),
            );
          }
        }
        return ctx.pass(msg("checks.d.C74.pass", { n: String(count), revision }));
      }),
    },
    {
      id: "C75",
      level: "SHOULD",
      legacySpec: `${LEGACY_SPEC.tools}#tool-names`,
      run: overCatalogue(async (ctx, lists) => {
        for (const { method, items } of lists) {
          const seen = new Set<string>();
          for (const item of items) {
            const key = JSON.stringify(ITEM_DEF[method].key(item));
            if (seen.has(key))
              return ctx.fail(
                msg("checks.d.C75.fail", { method, item: label(method, item), whats: msg(ITEM_DEF[method].whats) }),
              );
            seen.add(key);
          }
        }
        const counts = lists.map((l) => msg("checks.d.C75.count", { n: String(l.items.length), method: l.method }));
        return ctx.pass(msg("checks.d.C75.pass", { counts: list(counts) }));
      }),
    },
    {
      id: "C76",
      level: "SHOULD",
      legacySpec: `${LEGACY_SPEC.tools}#tool-names`,
      needs: "tools",
      async run(ctx) {
        const { items } = await ctx.list("tools/list");
        if (!items.length) return ctx.skip(msg("checks.d.noTools"));
        const bad = items.map((t) => t.name).filter((n) => typeof n !== "string" || !TOOL_NAME.test(n));
        if (bad.length) {
          const names = bad
            .slice(0, 3)
            .map((n) => JSON.stringify(truncate(String(n), 60)))
            .join(", ");
          return ctx.fail(msg(bad.length === 1 ? "checks.d.C76.failOne" : "checks.d.C76.failMany", { names }));
        }
        return ctx.pass(msg("checks.d.C76.pass", { n: String(items.length) }));
      },
    },
    {
      id: "C77",
      level: "MUST",
      legacySpec: `${LEGACY_SPEC.tools}#tool`,
      needs: "tools",
      async run(ctx) {
        const { items } = await ctx.list("tools/list");
        if (!items.length) return ctx.skip(msg("checks.d.noTools"));
        const validator = await loadAjv();
        let count = 0;
        for (const tool of items) {
          for (const key of ["inputSchema", "outputSchema"] as const) {
            const schema = asObject(tool[key]);
            if (!schema) continue; // not an object: C74's failure
            count += 1;
            try {
              // Without $schema the revision's default dialect applies (2020-12); other dialects are not judged here.
              if (typeof schema.$schema === "string" && !schema.$schema.includes("2020-12")) continue;
              validator.compile(schema);
            } catch (e) {
              return ctx.fail(
                msg("checks.d.C77.fail", { tool: String(tool.name), key, error: truncate((e as Error).message, 160) }),
              );
            }
          }
        }
        return ctx.pass(msg("checks.d.C77.pass", { n: String(count) }));
      },
    },
  ],
);
