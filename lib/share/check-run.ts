/**
 * A Checks run as a share link holds it (`checks` in the v1 payload): the shape `check --json` prints, with each
 * check's evidence frames (sent and received, trimmed), so whoever opens the link reads the verdicts and the frames
 * that prove them without anything being sent. Untrusted on the way in: every field is bounded and validated;
 * the page renders every string as text and links only spec pages. Pure.
 */
import { z } from "zod";

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0).max(10_000);

export const SharedCheckSchema = z.object({
  id: text(16),
  title: text(512),
  level: z.enum(["MUST", "SHOULD", "MAY"]),
  status: z.enum(["pass", "fail", "warn", "skip", "not-testable"]),
  blocked: z.boolean().optional(),
  specRef: text(512).optional(),
  specUrl: text(2048).optional(),
  detail: text(8192),
  evidence: z.array(z.object({ direction: z.enum(["sent", "received"]), frame: text(1024) })).max(16),
});
export type SharedCheck = z.infer<typeof SharedCheckSchema>;

export const SharedCheckRunSchema = z.object({
  target: text(8192),
  era: z.enum(["modern", "modern-wrong-version", "legacy", "unreachable"]),
  version: text(64).optional(),
  probe: text(4096),
  discoveryFailure: text(4096).optional(),
  score: z.number().int().min(0).max(100),
  coverage: z.object({ applied: count, total: count }),
  checks: z.array(SharedCheckSchema).max(300),
  passed: count,
  failed: count,
  warned: count,
  skipped: count,
  notTestable: count,
  mustFailed: count,
  /** When the run finished (ms epoch). */
  finishedAt: z.number().finite().nonnegative().optional(),
});
export type SharedCheckRun = z.infer<typeof SharedCheckRunSchema>;

/** `check --json`'s object (lib/checks/report.ts toCliJson) as a link keeps it: the known fields, nothing else. */
export function sharedCheckRun(cliJson: unknown, finishedAt?: number): SharedCheckRun {
  const parsed = SharedCheckRunSchema.safeParse(cliJson);
  if (!parsed.success)
    throw new Error(
      `this run cannot go into a link: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
    );
  return finishedAt === undefined ? parsed.data : { ...parsed.data, finishedAt };
}

/** Spec links a shared run may show as links (what lib/checks/define.ts specUrl writes); anything else is text. */
export function isSpecLink(url: string | undefined): url is string {
  return (
    url !== undefined &&
    /^https:\/\/(modelcontextprotocol\.io|github\.com\/modelcontextprotocol)\/[^\s"'<>]*$/.test(url)
  );
}
