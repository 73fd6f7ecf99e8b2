// The budgets' verdict, apart from the measuring (bench/budgets.mjs) so that a unit test can hold it:
// every figure at most its budget × scale; a figure not measured is a failure, never a pass.

/**
 * @param {Record<string, number>} budgets  bench/budgets.json's "budgets"
 * @param {Record<string, number | undefined>} measured
 * @param {number} scale  1 for the budgets as written; 0.5 halves every one (and must fail: the budgets bite)
 * @returns {{ ok: boolean, rows: { id: string, measured: number | undefined, budget: number, ok: boolean }[] }}
 */
export function judge(budgets, measured, scale = 1) {
  if (!(scale > 0)) throw new Error(`--scale must be a number above 0, not ${JSON.stringify(scale)}`);
  const rows = Object.entries(budgets).map(([id, budget]) => {
    const value = measured[id];
    const limit = Math.round(budget * scale * 1000) / 1000;
    return {
      id,
      measured: value,
      budget: limit,
      ok: typeof value === "number" && Number.isFinite(value) && value <= limit,
    };
  });
  return { ok: rows.every((r) => r.ok), rows };
}

/** One line per budget: what was measured, its budget, and whether it held. */
export function formatVerdict({ ok, rows }, scale = 1) {
  const lines = rows.map(
    (r) =>
      `${r.ok ? "ok      " : "EXCEEDED"} ${r.id.padEnd(22)} ${r.measured === undefined ? "not measured" : String(r.measured).padStart(8)}  budget ${r.budget}${scale === 1 ? "" : ` (× ${scale})`}`,
  );
  lines.push(ok ? "every budget holds" : `${rows.filter((r) => !r.ok).length} budget(s) exceeded`);
  return lines.join("\n");
}
