/** stdio entry of the MRTR scenario server. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createMrtrScenarioServer } from "./mrtr-scenarios";

serveEmbeddedStdio(() => createMrtrScenarioServer());
