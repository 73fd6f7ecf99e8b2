/**
 * Host-side verification ("Integrity and Verification"): a file read with resources/read is checked against the
 * held entry — listed at all (an unlisted file is a change to the skill), size, SHA-256 digest of the raw bytes, and for
 * SKILL.md the frontmatter field by field. The answer says why in words a reader can act on. Pure (@noble/hashes,
 * synchronous, the same in the browser, the CLI and the tests).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { asObject } from "../protocol/json";
import { DIGEST_PREFIX, DYNAMIC_RESOURCES } from "./constants";
import { frontmatterDifferences, readFrontmatter, type SkillEntry } from "./entry";
import { msg, say, type Msg } from "../i18n/translate";

export interface FileVerdict {
  uri: string;
  verified: boolean;
  /** Why not (or, for a dynamic skill, why it cannot be), in English; absent when verified. */
  why?: string;
  /** The same sentence for the page, said in the reader's language (skills.why.*). */
  whyMsg?: Msg;
  /** What the read gave: byte count and digest, when there were bytes. */
  size?: number;
  digest?: string;
}

/** The raw bytes of a resources/read content item: UTF-8 of `text`, or the decoded base64 `blob`. */
export function contentBytes(content: unknown): Uint8Array | { why: string } {
  const c = asObject(content);
  if (typeof c?.text === "string") return utf8ToBytes(c.text);
  if (typeof c?.blob === "string") {
    try {
      return Uint8Array.from(atob(c.blob), (ch) => ch.charCodeAt(0));
    } catch {
      return { why: "the blob is not base64" };
    }
  }
  return { why: "the content has neither text nor blob" };
}

export function digestOf(bytes: Uint8Array): string {
  return `${DIGEST_PREFIX}${bytesToHex(sha256(bytes))}`;
}

/** Checks one file's bytes against the entry that is held for its skill. */
export function verifyFile(entry: SkillEntry, uri: string, bytes: Uint8Array): FileVerdict {
  const size = bytes.length;
  const digest = digestOf(bytes);
  const got = { uri, size, digest };
  const no = (why: Msg): FileVerdict => ({ ...got, verified: false, why: say(why), whyMsg: why });
  if (entry.resources === DYNAMIC_RESOURCES) return no(msg("skills.why.dynamic"));
  const listed = entry.resources.find((r) => r.uri === uri);
  if (!listed) return no(msg("skills.why.unlisted"));
  if (listed.size !== size) return no(msg("skills.why.size", { got: size, listed: listed.size }));
  if (listed.digest !== digest) return no(msg("skills.why.digest", { got: digest, listed: listed.digest }));
  if (uri === entry.uri) {
    const fm = readFrontmatter(new TextDecoder().decode(bytes));
    if (!fm.ok) return no(msg("skills.why.frontmatterUnreadable", { why: fm.why }));
    const differ = frontmatterDifferences(entry.frontmatter, fm.frontmatter);
    if (differ.length > 0) return no(msg("skills.why.frontmatter", { fields: differ.join(", ") }));
  }
  return { ...got, verified: true };
}

/** A file that could not be read at all: not verified, and why. */
export function unreadFile(uri: string, error: string): FileVerdict {
  const why = msg("skills.why.unread", { error });
  return { uri, verified: false, why: say(why), whyMsg: why };
}
