/** The self-signed certificate of the client metadata host (lib/node/demo-servers/client-metadata-host.ts). */
import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { selfSignedLoopbackCert } from "@/lib/node/demo-servers/client-metadata-host";

describe("the client metadata host's certificate", () => {
  // DER forbids a leading zero byte in an INTEGER unless the next byte has its top bit set; OpenSSL refuses one as
  // "asn1 encoding routines::illegal padding". A random serial whose first byte is 0x00 or 0x80 was 1 run in 256 of
  // the Auth flow failing with that error.
  it.each([
    ["starts with 0x80", [0x80, 0x05]],
    ["starts with 0x00", [0x00, 0x05]],
    ["starts with 0x00 0x00", [0x00, 0x00]],
    ["starts with 0xff", [0xff, 0xff]],
  ])("is well-formed DER whatever its random serial (%s): OpenSSL reads it, for 127.0.0.1", async (_, head) => {
    const random = Buffer.alloc(16, 0x11);
    random.set(head);
    const { cert } = await selfSignedLoopbackCert(random);
    const x509 = new X509Certificate(cert);
    expect(x509.subjectAltName).toBe("IP Address:127.0.0.1");
    expect(x509.serialNumber).toMatch(/^[0-9A-F]{32}$/); // all 16 random bytes, none dropped
  });
});
