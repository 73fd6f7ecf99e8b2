/** Installs `packages` (each name@version) into `dir`; null when npm succeeded, else the end of what npm said. */
export function installPeer(dir: string, packages: string[], extraArgs?: string[]): string | null;
