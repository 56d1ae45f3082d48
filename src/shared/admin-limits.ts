// Bounds of what operators type in the console (and the terminal), apart from admin-api.ts so
// that the API's error texts (messages.ts) can state them without pulling the console's routes
// into the home page's bundle: a module the home page reaches, even for one number, is bundled
// with it whole.

/** A block reason's length at most (console and terminal alike). */
export const ADMIN_REASON_MAX = 500;

/** An API key's name, and its own limit per minute, at most. */
export const API_KEY_NAME_MAX = 100;
export const API_KEY_PER_MINUTE_MAX = 1_000_000;
