// localStorage that never throws: it is missing or read-only in some private modes and
// embedded browsers, and the site must keep working there (state then lives in memory
// for the life of the page).
const memory = new Map<string, string>();

function store(): Storage | undefined {
  try {
    return window.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readItem(key: string): string | null {
  // A value kept in memory is newer than storage's: the write that put it there failed (a full
  // quota), and reading storage first lost it (a new link's manage token gone from Meus links).
  const kept = memory.get(key);
  if (kept !== undefined) return kept;
  const storage = store();
  if (storage) {
    try {
      return storage.getItem(key);
    } catch {
      // unreadable (disabled meanwhile): nothing stored here
    }
  }
  return null;
}

export function writeItem(key: string, value: string): void {
  const storage = store();
  if (storage) {
    try {
      storage.setItem(key, value);
      memory.delete(key);
      return;
    } catch {
      // quota exceeded or storage disabled: keep it in memory
    }
  }
  memory.set(key, value);
}
