/**
 * Issue 43 item 1 (round-4 attack pass, finding 2): the launch URL's name resolves to both loopback addresses and a
 * browser may try [::1] first, so local mode listens on 127.0.0.1 and [::1] at the same port
 * (lib/node/host/listen.ts). A listener already on the other address stops the launch (it would receive the launch
 * code); once the playground listens, nobody else can take either. Real sockets. Some sandboxes have no IPv6
 * loopback: then the [::1] cases say so and are skipped, and the server says it bound 127.0.0.1 only.
 */
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopbackPair } from "@/lib/node/host/listen";

/** Whether this machine lets a program listen on [::1] (some sandboxes have no IPv6 loopback). */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = net.createServer();
  probe.once("error", () => resolve(false));
  probe.listen(0, "::1", () => probe.close(() => resolve(true)));
});
if (!ipv6Loopback) console.warn("loopback-pair: this machine has no IPv6 loopback ([::1]); its cases are skipped");

const open: net.Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const answering = () => {
  const server = http.createServer((req, res) => res.end(`playground via ${req.socket.localAddress}`));
  open.push(server);
  return server;
};

/** A squatter's listener on address:port; resolves with its error code, or null once it listens. */
function squat(address: string, port: number): Promise<string | null> {
  const squatter = net.createServer((socket) => socket.end("squatter"));
  return new Promise((resolve) => {
    squatter.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
    squatter.listen(port, address, () => (open.push(squatter), resolve(null)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function body(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host, port, path: "/", agent: false }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
}

describe("local mode binds every address its launch name resolves to", () => {
  it.skipIf(!ipv6Loopback)("it answers on both 127.0.0.1 and [::1] at the same port, and says so", async () => {
    const bound = await listenOnLoopbackPair(answering, 0);
    expect(bound.addresses).toEqual(["127.0.0.1", "[::1]"]);
    expect(bound.note).toBeUndefined();
    expect(await body("127.0.0.1", bound.port)).toBe("playground via 127.0.0.1");
    expect(await body("::1", bound.port)).toBe("playground via ::1");
  });

  it.skipIf(!ipv6Loopback)(
    "once it listens, no other program can listen on [::1] or 127.0.0.1 at its port (so none receives the launch code)",
    async () => {
      const bound = await listenOnLoopbackPair(answering, 0);
      expect(await squat("::1", bound.port)).toBe("EADDRINUSE");
      expect(await squat("127.0.0.1", bound.port)).toBe("EADDRINUSE");
    },
  );

  it.skipIf(!ipv6Loopback)(
    "a listener already on [::1] at the port stops the launch with what to do, and leaves 127.0.0.1 free",
    async () => {
      const port = await freePort();
      expect(await squat("::1", port)).toBeNull();
      await expect(listenOnLoopbackPair(answering, port)).rejects.toThrow(
        `cannot listen on [::1]:${port} (EADDRINUSE): another program holds it, and a browser opening the launch URL may try [::1] first`,
      );
      expect(await squat("127.0.0.1", port)).toBeNull(); // nothing of the playground is left listening
    },
  );

  it("a listener already on 127.0.0.1 at the port stops the launch too", async () => {
    const port = await freePort();
    expect(await squat("127.0.0.1", port)).toBeNull();
    await expect(listenOnLoopbackPair(answering, port)).rejects.toThrow(
      `cannot listen on 127.0.0.1:${port} (EADDRINUSE)`,
    );
  });
});
