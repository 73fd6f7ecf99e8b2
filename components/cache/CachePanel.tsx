"use client";
import { useTranslations } from "next-intl";
import { envelopeFrom, profileOf, selectTarget } from "@/lib/session";
import { listenFrameText, violationRows } from "@/lib/cache/selectors";
import type { CacheRuntime } from "@/lib/cache/runtime";
import type { PanelProps } from "../playground/types";
import { Button, Checkbox, PanelHeading } from "../ui";
import { AuditSection } from "./AuditSection";
import { CacheEntries } from "./CacheEntries";
import { CacheLog } from "./CacheLog";
import { GatewaySection } from "./GatewaySection";
import { ListenSection } from "./ListenSection";
import { ViolationLines } from "./Violations";
import { useCacheState } from "./useCache";

/** The Cache tab: the client cache (on/off), its entries, the gateway view, listen streams and violations. */
export function CachePanel(props: PanelProps) {
  const t = useTranslations();
  if (!props.cache) return <p className="text-xs text-slate-600 dark:text-slate-400">{t("cache.panel.notWired")}</p>;
  return <CacheTab {...props} cache={props.cache} />;
}

function CacheTab({ state, commands, cache: runtime }: PanelProps & { cache: CacheRuntime }) {
  const t = useTranslations();
  const cache = useCacheState(runtime);
  const view = selectTarget(state);
  const notReady = view.kind === "ready" ? null : t("cache.panel.chooseTarget", { problem: view.problem });
  const envelope = envelopeFrom(state.envelope);
  const violations = violationRows(cache);
  return (
    <section data-testid="cache-panel" aria-label={t("cache.panel.label")} className="flex flex-col gap-3">
      <PanelHeading title={t("cache.panel.title")} subtitle={t("cache.panel.subtitle")}>
        <Checkbox
          className="text-xs font-medium"
          testId="cache-toggle"
          data-enabled={cache.enabled ? "true" : "false"}
          checked={cache.enabled}
          onChange={(enabled) => runtime.store.dispatch({ type: "cache/enable", enabled })}
        >
          {t(cache.enabled ? "cache.panel.toggleOn" : "cache.panel.toggleOff")}
        </Checkbox>
        <Button
          data-testid="cache-clear"
          disabled={cache.cache.entries.length === 0}
          onClick={() => runtime.store.dispatch({ type: "cache/clear" })}
        >
          {t("cache.panel.clear")}
        </Button>
      </PanelHeading>
      <CacheRules />
      <CacheEntries
        cache={cache.cache}
        onRemove={(entryId) => runtime.store.dispatch({ type: "cache/remove", entryId })}
      />
      <CacheLog log={cache.log} />
      {violations.length > 0 ? (
        <section data-testid="cache-violations" aria-label={t("cache.panel.violationsLabel")} className="space-y-1">
          <h3 className="text-xs font-semibold">{t("cache.panel.violations", { count: violations.length })}</h3>
          <ViolationLines violations={violations} />
        </section>
      ) : null}
      <AuditSection
        audit={cache.audit}
        disabled={notReady}
        onRun={() =>
          view.kind === "ready" &&
          void runtime.audit(commands.sendFrame, {
            targetLabel: view.label,
            firstPageOnly: profileOf(state.envelope).emulation?.firstPageOnly === true,
            ...(envelope.ok ? { envelope: envelope.value } : {}),
          })
        }
      />
      <ListenSection
        sessions={cache.listens}
        disabled={notReady}
        makeFrame={(id, filter) => listenFrameText(id, filter, envelope.ok ? envelope.value : undefined)}
        onOpen={(frameText) =>
          view.kind === "ready" &&
          runtime.openListen({ target: view.target, targetKey: view.key, targetLabel: view.label, frameText })
        }
        onClose={(listenId) => void runtime.closeListen(listenId)}
      />
      <GatewaySection
        cache={cache}
        runtime={runtime}
        disabled={notReady}
        onReplay={() =>
          view.kind === "ready" &&
          void runtime.replayAsUsers(commands.sendFrame, {
            frameText: state.editor.text,
            targetKey: view.key,
            targetLabel: view.label,
            overHttp: view.transport === "http",
          })
        }
      />
    </section>
  );
}

/** The rules the cache keeps, in a line each. */
function CacheRules() {
  const t = useTranslations();
  return (
    <ul className="space-y-0.5 text-[11px] text-slate-600 dark:text-slate-300">
      <li>{t("cache.panel.ttlRule")}</li>
      <li data-testid="scope-rule-public">{t("cache.scope.public")}</li>
      <li data-testid="scope-rule-private">{t("cache.scope.private")}</li>
    </ul>
  );
}
