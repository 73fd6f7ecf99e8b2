/** The environment the bridge's guards read, set for the unit tests that exercise them. */
import { afterEach, beforeEach, vi } from "vitest";

/** Every test in the file runs as a local launch with `token` and no extra allowed hosts or origins. */
export function localLaunchForEachTest(token: string): void {
  beforeEach(() => {
    vi.stubEnv("PLAYGROUND_TOKEN", token);
    vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "");
    vi.stubEnv("PLAYGROUND_ALLOWED_ORIGINS", "");
  });
  afterEach(() => vi.unstubAllEnvs());
}
