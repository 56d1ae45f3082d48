// Option mapping for the metadata fetcher (the start-up guard is config.ts's assertTestSwitchesOff).
import type { Config } from '../config.js';
import type { SafeFetchOptions } from './safe-fetch.js';

export function fetchOptionsFromConfig(metadata: Readonly<Config['metadata']>): SafeFetchOptions {
  return {
    allowedPorts: metadata.allowedPorts,
    allowPrivateAddresses: metadata.allowPrivateAddresses,
    timeoutMs: metadata.timeoutMs,
    maxBytes: metadata.maxBytes,
    maxRedirects: metadata.maxRedirects,
    userAgent: metadata.userAgent,
  };
}
