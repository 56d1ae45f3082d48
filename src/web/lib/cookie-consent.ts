// The visitor's cookie choice (spec: localStorage item cookie_consent = accepted | rejected).
// Shared state because the banner sets it and the ad slot depends on it.
import { useSyncExternalStore } from 'react';
import { readItem, writeItem } from './storage';

export const COOKIE_CONSENT_KEY = 'cookie_consent';
export type CookieConsent = 'accepted' | 'rejected';

const listeners = new Set<() => void>();

export function readCookieConsent(): CookieConsent | null {
  const value = readItem(COOKIE_CONSENT_KEY);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function setCookieConsent(value: CookieConsent): void {
  writeItem(COOKIE_CONSENT_KEY, value);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COOKIE_CONSENT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribe, readCookieConsent, () => null);
}
