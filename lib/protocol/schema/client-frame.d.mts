import type { z } from "zod";

export declare const MODERN_REQUEST_METHODS: string[];
export declare const MODERN_NOTIFICATION_METHODS: string[];
export declare const LEGACY_METHODS: Record<string, "request" | "notification">;
export declare const ModernRequestMetaSchema: z.ZodType;
export declare const ClientFrameSchema: z.ZodType;
export declare function clientFrameJsonSchema(): Record<string, unknown>;
