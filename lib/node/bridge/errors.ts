/**
 * A request the bridge cannot act on at all (bad headers, unknown target …). Thrown by send()/control and
 * turned into `{ ok: false, kind, message }` by the routes and a usage error by the CLI. Anything that went
 * wrong *with the server* is not an error: it is an Exchange whose outcome is a failure.
 */
import type { BridgeErrorKind } from "@/lib/bridge/contract";

export class BridgeError extends Error {
  constructor(
    readonly kind: BridgeErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "BridgeError";
  }
}
