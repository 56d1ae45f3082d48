// Start-up guard and option mapping for the metadata fetcher.
import type { Config } from '../config.js';
import type { SafeFetchOptions } from './safe-fetch.js';

/**
 * The test switch lets the fetcher reach loopback, which in production would expose
 * whatever listens on the machine. main.ts calls this before anything starts.
 */
export function assertSafeMetadataConfig(config: Pick<Readonly<Config>, 'metadata'>): void {
  const m = config.metadata;
  if (m.allowPrivateAddresses && !m.forcePrivateAddresses) {
    throw new Error(
      'Refusing to start: UNSAFE_ALLOW_PRIVATE_FETCH=true lets link previews fetch loopback addresses (tests only); set UNSAFE_FORCE_PRIVATE_FETCH=true to start anyway.',
    );
  }
}

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
