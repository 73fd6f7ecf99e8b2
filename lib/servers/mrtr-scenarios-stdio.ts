/** stdio entry of the MRTR scenario server. Bundled by scripts/build-servers.mjs. */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createMrtrScenarioServer } from "./mrtr-scenarios";

serveStdio(() => createMrtrScenarioServer());
