/** Every implemented check, in digest §14 order. C59 ("stderr tolerated") is a client rule and not checked. */
import { AUTH_CHECKS } from "./checks/auth";
import { DISCOVERY_CHECKS } from "./checks/discovery";
import { CATALOG_CHECKS } from "./checks/catalog";
import { HTTP_CHECKS } from "./checks/http";
import { LEGACY_CHECKS } from "./checks/legacy";
import { SHARED_CHECKS } from "./checks/shared";
import { MRTR_CHECKS } from "./checks/mrtr";
import { NOTIFICATION_CHECKS } from "./checks/notifications";
import { RESULT_CHECKS } from "./checks/results";
import { PRIMITIVE_CHECKS } from "./checks/primitives";
import { SUBSCRIPTION_CHECKS } from "./checks/subscriptions";
import { STDIO_CHECKS } from "./checks/stdio";
import { TASK_CHECKS } from "./checks/tasks";
import type { CheckDef } from "./define";

export const ALL_CHECKS: readonly CheckDef[] = [
  ...DISCOVERY_CHECKS,
  ...RESULT_CHECKS,
  ...PRIMITIVE_CHECKS,
  ...MRTR_CHECKS,
  ...NOTIFICATION_CHECKS,
  ...SUBSCRIPTION_CHECKS,
  ...HTTP_CHECKS,
  ...STDIO_CHECKS,
  ...TASK_CHECKS,
  ...AUTH_CHECKS,
  ...SHARED_CHECKS,
  ...CATALOG_CHECKS,
  ...LEGACY_CHECKS,
].sort((a, b) => a.id.localeCompare(b.id));

export function checkById(id: string): CheckDef | undefined {
  return ALL_CHECKS.find((c) => c.id === id.toUpperCase());
}

export function checksFor(transport: "stdio" | "http"): CheckDef[] {
  return ALL_CHECKS.filter((c) => c.transports === "both" || c.transports === transport);
}
