/** What POST /api/auth/run accepts: one of the embedded demos, or an MCP endpoint to judge (it stops at needs-user). */
import { z } from "zod";

export const AUTH_DEMOS = ["calendar-protected", "second-protected", "naive-protected", "audience-lesson"] as const;
export type AuthDemo = (typeof AUTH_DEMOS)[number];

export const AuthRunRequestSchema = z
  .object({
    demo: z.enum(AUTH_DEMOS).optional(),
    url: z
      .string()
      .max(2048)
      .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), "url must be an http(s) MCP endpoint")
      .optional(),
    scope: z.string().max(512).optional(),
    clientId: z.string().max(512).optional(),
  })
  .strict()
  .refine((r) => (r.demo === undefined) !== (r.url === undefined), "give exactly one of demo or url");
export type AuthRunRequest = z.output<typeof AuthRunRequestSchema>;
