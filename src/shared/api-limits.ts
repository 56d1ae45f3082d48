// Bounds of the API for programs (API keys): how many links one bulk request takes, how many
// one page of a key's listing gives.
export const BULK_MAX_ITEMS = 1000;
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
