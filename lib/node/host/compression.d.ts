// The `compression` package (Express's; brotli since 1.8) as lib/node/host/app.ts uses it: a Node middleware.
declare module "compression" {
  import type http from "node:http";
  type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void;
  export default function compression(options?: {
    threshold?: number | string;
    brotli?: { params?: Record<number, number> };
  }): Middleware;
}
