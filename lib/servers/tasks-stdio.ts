/** stdio entry of the tasks server. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createTasksServer } from "./tasks";

serveEmbeddedStdio(() => createTasksServer());
