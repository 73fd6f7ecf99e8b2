"use client";
import type { CacheRuntime } from "@/lib/cache/runtime";
import { ownerNames } from "@/lib/cache/selectors";
import type { CacheSessionState } from "@/lib/cache/state";
import { Button, inputClass } from "../ui";
import { Card } from "../card";
import { CacheEntries } from "./CacheEntries";

/** The same request as two users through one simulated shared cache: public crosses users, private never. */
export function GatewaySection({
  cache,
  runtime,
  onReplay,
  disabled,
}: {
  cache: CacheSessionState;
  runtime: CacheRuntime;
  onReplay: () => void;
  disabled: string | null;
}) {
  const { gateway } = cache;
  const setUser = (i: number, authorization: string) =>
    runtime.store.dispatch({
      type: "gateway/users",
      users: gateway.users.map((u, j) => (j === i ? { ...u, authorization } : u)),
    });
  return (
    <Card as="section" testId="gateway" label="Gateway view" tone="section">
      <h3 className="text-xs font-semibold">Gateway view — one shared cache, two users</h3>
      <p className="text-[11px] text-slate-600 dark:text-slate-300">
        Replays the editor&apos;s frame as each user, in order, through a simulated shared gateway. Over HTTP each
        upstream request carries that user&apos;s Authorization header; over stdio the users differ only at the gateway.
        Every upstream fetch appears in the timeline as &quot;gateway: name&quot;.
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {gateway.users.map((u, i) => (
          <label key={u.name} className="flex items-center gap-1">
            {u.name}
            <input
              data-testid={`gateway-user-${u.name}`}
              className={`${inputClass} w-40 font-mono`}
              value={u.authorization}
              onChange={(e) => setUser(i, e.target.value)}
              aria-label={`Authorization of ${u.name}`}
            />
          </label>
        ))}
        <Button
          tone="primary"
          data-testid="gateway-replay"
          disabled={gateway.running || disabled !== null}
          title={disabled ?? undefined}
          onClick={onReplay}
        >
          {gateway.running ? "Replaying…" : "Replay as both users"}
        </Button>
        <Button data-testid="gateway-clear" onClick={() => runtime.store.dispatch({ type: "gateway/clear" })}>
          Empty gateway cache
        </Button>
      </div>
      {disabled ? <p className="text-[11px] text-slate-600 dark:text-slate-400">{disabled}</p> : null}
      {gateway.error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {gateway.error}
        </p>
      ) : null}
      {gateway.lastRun ? <GatewaySteps lastRun={gateway.lastRun} /> : null}
      <CacheEntries cache={gateway.cache} testid="gateway-entries" names={ownerNames(gateway.users)} />
    </Card>
  );
}

/** The last replay, step by step: which user, whether the gateway served it or the server did, and why. */
function GatewaySteps({ lastRun }: { lastRun: NonNullable<CacheSessionState["gateway"]["lastRun"]> }) {
  return (
    <ol data-testid="gateway-steps" data-run={lastRun.run} className="space-y-1 text-xs">
      {lastRun.steps.map((s, i) => (
        <li
          key={i}
          data-testid="gateway-step"
          data-user={s.user.name}
          data-decision={s.decision}
          className="rounded bg-slate-50 px-2 py-1 dark:bg-slate-800"
        >
          <span className="font-semibold">{s.user.name}</span>{" "}
          <span
            className={
              s.decision === "served-from-shared-cache"
                ? "text-violet-700 dark:text-violet-300"
                : s.decision === "failed"
                  ? "text-red-700"
                  : "text-blue-700 dark:text-blue-300"
            }
          >
            {s.decision === "served-from-shared-cache"
              ? "served by the gateway"
              : s.decision === "failed"
                ? "failed"
                : "fetched from the server"}
          </span>
          <span className="text-slate-600 dark:text-slate-300"> — {s.explanation}</span>
        </li>
      ))}
    </ol>
  );
}
