/**
 * SHA-256 of a UTF-8 string, synchronous: the cache keys private entries by a hash of the Authorization header in the
 * browser, the CLI and the tests alike, and Web Crypto's digest is async. The hash is @noble/hashes' (audited, no
 * dependencies), never a home-made one. Not used for anything secret beyond keeping the raw token out of keys and screens.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
