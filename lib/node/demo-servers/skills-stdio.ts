/** stdio entry of the calendar with Agent Skills. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createSkillsServer } from "./skills";

serveEmbeddedStdio(() => createSkillsServer());
