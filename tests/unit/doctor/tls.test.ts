import { describe, expect, it } from "vitest";
import { tlsInWords } from "@/lib/doctor/diagnose";

describe("the certificate problem in words", () => {
  const table: [string, string | undefined][] = [
    ["TLS error with a.example: self-signed certificate", "the certificate is self-signed, so nothing vouches for it"],
    [
      "TLS error with a.example: self signed certificate in certificate chain",
      "the certificate is self-signed, so nothing vouches for it",
    ],
    ["TLS error with a.example: certificate has expired", "the certificate has expired"],
    [
      "TLS error with a.example: Hostname/IP does not match certificate's altnames",
      "the certificate was issued for another host name",
    ],
    [
      "TLS error with a.example: unable to verify the first certificate",
      "the server did not send its intermediate certificates, or they lead to an authority this machine does not trust",
    ],
    [
      "TLS/protocol error talking to 127.0.0.1:80: write EPROTO ... wrong version number (is it http:, not https:?)",
      "the server does not speak TLS on this port (is the URL https: for an http: server?)",
    ],
    ["nothing is listening at http://127.0.0.1:9/ (connection refused)", undefined],
  ];
  for (const [message, words] of table)
    it(`${message.slice(0, 60)} → ${words ?? "not TLS"}`, () => expect(tlsInWords(message)).toBe(words));
});
