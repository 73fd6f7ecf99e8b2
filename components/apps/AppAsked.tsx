"use client";
/** What the running app asked the host for: links to open, messages for the chat, and its model context. */
import { useTranslations } from "next-intl";

export function AppAsked({
  links,
  messages,
  modelContext,
}: {
  links: string[];
  messages: string[];
  modelContext: string | null;
}) {
  const t = useTranslations();
  return (
    <section
      aria-label={t("apps.run.asked")}
      className="flex flex-col gap-1 text-xs text-slate-800 dark:text-slate-200"
    >
      {links.map((url, i) => (
        <p key={`l${i}`} data-testid="apps-open-link">
          {t.rich("apps.run.openLink", {
            url,
            link: (chunks) => (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-blue-700 underline dark:text-blue-300"
              >
                {chunks}
              </a>
            ),
          })}
        </p>
      ))}
      {messages.map((text, i) => (
        <p key={`m${i}`} data-testid="apps-message">
          ui/message: {text}
        </p>
      ))}
      {modelContext ? (
        <p data-testid="apps-model-context">{t("apps.run.modelContext", { text: modelContext })}</p>
      ) : null}
    </section>
  );
}
