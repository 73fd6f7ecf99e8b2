"use client";
/** Strings the page knows are secret (the per-launch token): removed from every link and file it makes. */
const secrets = new Set<string>();

export function rememberSecret(value: string): void {
  if (value) secrets.add(value);
}

export function knownSecrets(): string[] {
  return [...secrets];
}
