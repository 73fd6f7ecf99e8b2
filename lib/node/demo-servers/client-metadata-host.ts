/**
 * The playground's own client ID metadata document (2026-07-28 client registration, the default path), hosted
 * on an HTTPS loopback listener so the embedded authorization server can fetch it: a client_id must be an
 * https: URL. The certificate is self-signed and made at start (an EC P-256 key from WebCrypto, the certificate by
 * @peculiar/x509), and only the embedded AS trusts it, for this one origin.
 */
import https from "node:https";
import { KeyObject, randomBytes, webcrypto } from "node:crypto";
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

const EC_P256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/**
 * A self-signed certificate for 127.0.0.1 (subjectAltName IP), valid for a day, made by @peculiar/x509 over WebCrypto;
 * its serial is `random`'s 16 bytes, the first one's top bit cleared (a positive INTEGER of all 16 bytes).
 */
export async function selfSignedLoopbackCert(random = randomBytes(16)): Promise<{ key: string; cert: string }> {
  // Loaded with the first certificate (the auth demos), not with the server; the library needs a Reflect polyfill first.
  await import("reflect-metadata");
  const { SubjectAlternativeNameExtension, X509CertificateGenerator } = await import("@peculiar/x509");
  const keys = await webcrypto.subtle.generateKey(EC_P256, true, ["sign", "verify"]);
  const serial = Buffer.from(random);
  serial[0] = (serial[0] & 0x7f) | 0x40;
  const now = Date.now();
  const cert = await X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial.toString("hex"),
      name: "CN=MCP Playground loopback",
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 86_400_000),
      signingAlgorithm: EC_P256,
      keys,
      extensions: [new SubjectAlternativeNameExtension([{ type: "ip", value: "127.0.0.1" }])],
    },
    webcrypto as Crypto,
  );
  const key = KeyObject.from(keys.privateKey).export({ type: "pkcs8", format: "pem" }) as string;
  return { key, cert: cert.toString("pem") };
}

/** Serves `document(clientId)` at CLIENT_METADATA_PATH on https://127.0.0.1:<free port>. */
export async function startClientMetadataHost(
  document: (clientId: string) => Record<string, unknown>,
): Promise<ClientMetadataHost> {
  const { key, cert } = await selfSignedLoopbackCert();
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
