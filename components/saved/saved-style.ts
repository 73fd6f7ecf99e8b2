/** The Saved tab's shared looks: a boxed row, a quiet hint and a section heading. */
export const box = "rounded border border-slate-300 p-2 dark:border-slate-700";
export const hint = "text-xs text-slate-600 dark:text-slate-400";
export const h3 = "text-sm font-semibold text-slate-800 dark:text-slate-100";
