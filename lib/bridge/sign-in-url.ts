/**
 * The sign-in steps' query parameters, shared by the server (lib/node/bridge/sign-in.ts) and the page
 * (components/signin). No imports: the page bundles it.
 */
/** The launch URL's parameter: `/?token=<token>` is the only URL the token may appear in. */
export const SIGN_IN_PARAM = "token";
/** A marker the sign-in steps put in the query (failed, post, again) and the signed-in page takes out. */
export const SIGN_IN_MARK = "signin";
