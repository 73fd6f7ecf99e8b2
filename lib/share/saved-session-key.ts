/** Where the page keeps the session between visits (localStorage). Its own module: the page reads it before it loads persist.ts. */
export const SAVED_SESSION_KEY = "mcp-playground/session";
