/** What POST /api/auth/run, /api/auth/callback and /api/auth/check accept. */
import { z } from "zod";

export const AUTH_DEMOS = ["calendar-protected", "second-protected", "naive-protected", "audience-lesson"] as const;
export type AuthDemo = (typeof AUTH_DEMOS)[number];

/**
 * How a demo's client gets its client_id: its client ID metadata document (the 2026-07-28 default, hosted by the
 * demo on HTTPS loopback), the AS's pre-registered demo client, or dynamic registration (deprecated).
 */
export const AUTH_REGISTRATIONS = ["cimd", "preregistered", "dcr"] as const;
export type AuthRegistration = (typeof AUTH_REGISTRATIONS)[number];

/** Who signs in: the demo user over HTTP (headless, the default; demos only) or the person in a new browser tab. */
export const AUTH_LOGINS = ["headless", "browser"] as const;

/** The playground's callback page: the redirect URI a browser sign-in registers (`<origin>/api/auth/callback`). */
export const AUTH_CALLBACK_PATH = "/api/auth/callback";

/** The channel the callback tab hands its URL to the tab that started the sign-in (same origin, memory only). */
export const AUTH_CALLBACK_CHANNEL = "mcp-playground-auth-callback";

const McpEndpointUrl = z
  .string()
  .max(2048)
  .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), "url must be an http(s) MCP endpoint");

export const AuthRunRequestSchema = z
  .object({
    demo: z.enum(AUTH_DEMOS).optional(),
    url: McpEndpointUrl.optional(),
    scope: z.string().max(512).optional(),
    clientId: z.string().max(512).optional(),
    registration: z.enum(AUTH_REGISTRATIONS).optional(),
    login: z.enum(AUTH_LOGINS).optional(),
  })
  .strict()
  .refine((r) => (r.demo === undefined) !== (r.url === undefined), "give exactly one of demo or url");
export type AuthRunRequest = z.output<typeof AuthRunRequestSchema>;

/** The page hands the callback tab's URL (code, state, iss) to the paused flow it started. */
export const AuthCallbackRequestSchema = z
  .object({
    flowId: z.string().min(8).max(64),
    callbackUrl: z
      .string()
      .max(8192)
      .refine(
        (u) => /^https?:\/\//i.test(u) && URL.canParse(u) && new URL(u).pathname === AUTH_CALLBACK_PATH,
        `callbackUrl must be the playground's ${AUTH_CALLBACK_PATH}`,
      ),
  })
  .strict();
export type AuthCallbackRequest = z.output<typeof AuthCallbackRequestSchema>;

/** What POST /api/auth/check accepts: an MCP endpoint the Checks tab judges from outside (no sign-in, no registration). */
export const AuthCheckRequestSchema = z.object({ url: McpEndpointUrl }).strict();
