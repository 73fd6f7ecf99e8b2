/**
 * Where local mode listens (issue 43 item 1, finding 2 of the round-4 attack pass). The launch URL names
 * `mcp-….localhost`, which a browser resolves to both loopback addresses and may try `[::1]` first, so the server
 * binds both 127.0.0.1 and [::1] on the same port: another program listening on the other one would receive the
 * launch URL (its code in the fragment) and trade it. If either is taken, the server does not start and says which.
 * A machine without IPv6 loopback has no [::1] for anyone to listen on: the server says so and binds 127.0.0.1 only.
 */
import type http from "node:http";

export interface LoopbackListen {
  /** The servers listening, one per address, in the order of `addresses`. */
  servers: http.Server[];
  /** The addresses bound, as a URL writes them: "127.0.0.1", "[::1]". */
  addresses: string[];
  port: number;
  /** Said when [::1] could not be bound because the machine has no IPv6 loopback. */
  note?: string;
}

/** Why an address could not be listened on, as a Node error code. */
function listenOn(server: http.Server, port: number, address: string): Promise<string | null> {
  return new Promise((resolve) => {
    const failed = (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message);
    server.once("error", failed);
    server.listen(port, address, () => {
      server.off("error", failed);
      resolve(null);
    });
  });
}

/** IPv6 is off, or there is no ::1: nobody can listen there, so nobody can take the launch URL there. */
const NO_IPV6 = new Set(["EADDRNOTAVAIL", "EAFNOSUPPORT", "EPROTONOSUPPORT"]);

/**
 * Listens with a fresh server from `make` on 127.0.0.1:`port` and one on [::1] at the same port (`port` 0: the port
 * the first one got). Rejects with what to do when either address is taken.
 */
export async function listenOnLoopbackPair(make: () => http.Server, port: number): Promise<LoopbackListen> {
  const v4 = make();
  const v4Failed = await listenOn(v4, port, "127.0.0.1");
  if (v4Failed) throw new Error(`cannot listen on 127.0.0.1:${port} (${v4Failed}): choose another --port`);
  const bound = (v4.address() as { port: number }).port;
  const v6 = make();
  const v6Failed = await listenOn(v6, bound, "::1");
  if (!v6Failed) return { servers: [v4, v6], addresses: ["127.0.0.1", "[::1]"], port: bound };
  if (NO_IPV6.has(v6Failed))
    return {
      servers: [v4],
      addresses: ["127.0.0.1"],
      port: bound,
      note: `this machine has no IPv6 loopback ([::1]: ${v6Failed}), so only 127.0.0.1:${bound} is bound (nothing can listen on [::1] either)`,
    };
  await new Promise((resolve) => v4.close(resolve));
  throw new Error(
    `cannot listen on [::1]:${bound} (${v6Failed}): another program holds it, and a browser opening the launch URL ` +
      "may try [::1] first, so it would receive the launch code. Stop that program or choose another --port.",
  );
}
