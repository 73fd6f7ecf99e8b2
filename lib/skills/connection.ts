/**
 * Talking to a skills server as a host would: the era probe, then requests in that era (the 2026-07-28 envelope, or
 * a legacy session's headers), each a labelled exchange the caller records (the page's timeline, the CLI's report,
 * a check run's evidence). Pure: the caller supplies send.
 */
import { asObject, type JsonObject } from "../protocol/json";
import { connectExtension, type ExtensionConnection, type LabelledSend } from "../protocol/extension-connection";
import { DIRECTORY_READ_SETTING, SKILLS_EXTENSION_ID } from "./constants";

export type SkillsSend = LabelledSend;

export interface SkillsConnection extends ExtensionConnection {
  instructions?: string;
}
/** The extension's settings object when the server declares it ("Capability Negotiation"), else undefined. */
export function skillsSettings(capabilities: JsonObject | undefined): JsonObject | undefined {
  return asObject(asObject(capabilities?.extensions)?.[SKILLS_EXTENSION_ID]);
}

export function declaresSkills(capabilities: JsonObject | undefined): boolean {
  return skillsSettings(capabilities) !== undefined;
}

/** `directoryRead: true` and nothing else counts (the setting's default is false). */
export function declaresDirectoryRead(capabilities: JsonObject | undefined): boolean {
  return skillsSettings(capabilities)?.[DIRECTORY_READ_SETTING] === true;
}

export async function connectSkills(send: SkillsSend): Promise<SkillsConnection> {
  const conn = await connectExtension(send, { label: "skills" });
  const instructions = conn.result?.instructions;
  return { ...conn, ...(typeof instructions === "string" ? { instructions } : {}) };
}
