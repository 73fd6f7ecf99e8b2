import { useTranslations } from "next-intl";
/** Shown while the editor has focus: how Tab behaves there and how to leave by keyboard. */
export function EditorKeyboardHint({ tabMovesFocus }: { tabMovesFocus: boolean }) {
  const t = useTranslations();
  const toggle =
    typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "Ctrl+Shift+M" : "Ctrl+M";
  return (
    <p
      data-testid="editor-keyboard-hint"
      data-tab-moves-focus={tabMovesFocus ? "true" : "false"}
      className="pointer-events-none absolute bottom-1 right-1 z-10 rounded bg-slate-800/90 px-2 py-0.5 text-[11px] text-white dark:bg-slate-200/90 dark:text-slate-900"
    >
      {tabMovesFocus ? t("editor.hintFocus", { toggle }) : t("editor.hintIndent", { toggle })}
    </p>
  );
}
