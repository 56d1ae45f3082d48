// Bounds of the API for programs (API keys): how many links one bulk request takes, how many
// one page of a key's listing gives, how long a creation's Idempotency-Key may be.
export const BULK_MAX_ITEMS = 1000;
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
/** 22 characters hold 128 random bits in base64url; a UUID has 36. */
export const IDEMPOTENCY_KEY_MIN = 22;
export const IDEMPOTENCY_KEY_MAX = 255;
