import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PRESENTER_BOOT_SCRIPT } from "@/lib/a11y/presenter";
import { THEME_BOOT_SCRIPT } from "@/lib/a11y/theme";
import { EARLY_FRAME_SCRIPT } from "@/lib/session/early-frame";
import "./globals.css";

export const metadata: Metadata = {
  title: "MCP Playground",
  description: "Write raw JSON-RPC frames, send them to MCP servers, and see exactly what crossed the wire.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Before first paint: the remembered theme (or the system's) is on <html> before <body> exists. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {/* Presenter mode (a projector), remembered: on <html> before the first paint too. */}
        <script dangerouslySetInnerHTML={{ __html: PRESENTER_BOOT_SCRIPT }} />
        {/* Before the bundles: what is typed into the server-rendered frame, and a send asked for, are kept. */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_FRAME_SCRIPT }} />
      </head>
      <body className="bg-slate-100 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">{children}</body>
    </html>
  );
}
