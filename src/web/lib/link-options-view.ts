// A link's options (expiry, click limit, password, app targets) as the API answers them
// (LinkOptionsView), read from outside (an API answer, the server's page context): what is
// missing or malformed reads as "no such option".
import type { LinkOptionsView } from '../../shared/api';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown, min: number): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= min ? value : null);

export function toLinkOptionsView(value: unknown): LinkOptionsView {
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    expiresAt: text(fields.expiresAt),
    maxClicks: count(fields.maxClicks, 1),
    clicksLeft: count(fields.clicksLeft, 0),
    protected: fields.protected === true,
    iosUrl: text(fields.iosUrl),
    androidUrl: text(fields.androidUrl),
  };
}
