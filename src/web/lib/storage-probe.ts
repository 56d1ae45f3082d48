// Whether this browser lets the site keep anything: a private mode, blocked cookies or site
// data, or a full quota refuse localStorage, and lib/storage.ts then keeps the links in memory
// for the life of the tab. The dashboard says so (its words promise a list kept "aqui mesmo").
// Apart from lib/storage.ts, which the home's first bundle holds whole.

const PROBE_KEY = 'encurta:storage-probe';

/** True when a value written to localStorage can be read back. */
export function canKeepData(): boolean {
  try {
    const storage = window.localStorage;
    storage.setItem(PROBE_KEY, '1');
    const kept = storage.getItem(PROBE_KEY) === '1';
    storage.removeItem(PROBE_KEY);
    return kept;
  } catch {
    return false;
  }
}
