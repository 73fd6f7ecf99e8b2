/**
 * The playground's own client ID metadata document (2026-07-28 client registration, the default path), hosted
 * on an HTTPS loopback listener so the embedded authorization server can fetch it: a client_id must be an
 * https: URL. The certificate is self-signed and made at start (an EC P-256 key from node:crypto, the X.509
 * DER written by hand below: no dependency), and only the embedded AS trusts it, for this one origin.
 */
import https from "node:https";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type { AddressInfo } from "node:net";

export const CLIENT_METADATA_PATH = "/oauth/client-metadata.json";

export interface ClientMetadataHost {
  /** The client_id: the document's own HTTPS URL. */
  clientId: string;
  origin: string;
  document: Record<string, unknown>;
  /** The self-signed certificate (PEM): the one trust anchor the AS uses for this origin. */
  ca: string;
  /** GETs of the document served so far (the AS's fetches). */
  fetches(): number;
  close(): Promise<void>;
}

// DER, just what one certificate needs.
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...p: Buffer[]) => der(0x30, ...p);
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}
const utcTime = (d: Date) => der(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z"));
const ECDSA_SHA256 = seq(oid("1.2.840.10045.4.3.2"));

/** A self-signed certificate for 127.0.0.1 (subjectAltName IP), valid for a day; its serial is `random`'s 16 bytes. */
export function selfSignedLoopbackCert(random = randomBytes(16)): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const name = seq(der(0x31, seq(oid("2.5.4.3"), der(0x0c, Buffer.from("MCP Playground loopback")))));
  // A DER INTEGER: positive (top bit clear) and never a leading zero byte, which OpenSSL refuses as "illegal padding".
  const serial = Buffer.from(random);
  serial[0] = (serial[0] & 0x7f) | 0x40;
  const now = Date.now();
  const san = seq(oid("2.5.29.17"), der(0x04, seq(der(0x87, Buffer.from([127, 0, 0, 1])))));
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ECDSA_SHA256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, seq(san)),
  );
  const signature = sign("sha256", tbs, privateKey);
  const certDer = seq(tbs, ECDSA_SHA256, der(0x03, Buffer.from([0]), signature));
  const cert =
    `-----BEGIN CERTIFICATE-----\n${certDer.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`.replace(
      "\n\n",
      "\n",
    );
  return { key: privateKey.export({ type: "pkcs8", format: "pem" }) as string, cert };
}

/** Serves `document(clientId)` at CLIENT_METADATA_PATH on https://127.0.0.1:<free port>. */
export async function startClientMetadataHost(
  document: (clientId: string) => Record<string, unknown>,
): Promise<ClientMetadataHost> {
  const { key, cert } = selfSignedLoopbackCert();
  let fetches = 0;
  let body = "";
  const server = https.createServer({ key, cert }, (req, res) => {
    if (req.method !== "GET" || req.url !== CLIENT_METADATA_PATH) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not_found"}');
      return;
    }
    fetches++;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `${origin}${CLIENT_METADATA_PATH}`;
  const doc = document(clientId);
  body = JSON.stringify(doc);
  return {
    clientId,
    origin,
    document: doc,
    ca: cert,
    fetches: () => fetches,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
