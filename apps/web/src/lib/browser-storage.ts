/**
 * Storage access that never throws: browsers throw on `localStorage` when storage is disabled
 * (privacy settings, some embedded views), and a missing preference must not break the app.
 */
type StorageKind = "local" | "session";

function getStorage(kind: StorageKind): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredValue(kind: StorageKind, key: string): string | null {
  try {
    return getStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredValue(kind: StorageKind, key: string, value: string): void {
  try {
    getStorage(kind)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the value simply is not remembered.
  }
}

export function removeStoredValue(kind: StorageKind, key: string): void {
  try {
    getStorage(kind)?.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to remove.
  }
}
