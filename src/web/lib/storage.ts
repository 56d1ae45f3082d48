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
  const storage = store();
  if (storage) {
    try {
      return storage.getItem(key);
    } catch {
      // fall through to memory
    }
  }
  return memory.get(key) ?? null;
}

export function writeItem(key: string, value: string): void {
  const storage = store();
  if (storage) {
    try {
      storage.setItem(key, value);
      return;
    } catch {
      // quota exceeded or storage disabled: keep it in memory
    }
  }
  memory.set(key, value);
}
