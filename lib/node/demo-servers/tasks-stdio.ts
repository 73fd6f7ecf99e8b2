/** stdio entry of the tasks server. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createTasksServer } from "./tasks";
import { taskListenInterceptor } from "./tasks-listen";

// subscriptions/listen with taskIds is served beside serveStdio (whose listen router drops taskIds).
serveEmbeddedStdio(() => createTasksServer(), taskListenInterceptor());
