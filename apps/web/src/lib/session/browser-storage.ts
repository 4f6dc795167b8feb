/**
 * Storage access that never throws: private browsing modes and locked-down browsers may refuse
 * storage, in which case the portal behaves as if nothing was stored.
 */
export type TStorageArea = 'local' | 'session';

function area(kind: TStorageArea): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(kind: TStorageArea, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: TStorageArea, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Storage full or refused: the value simply is not remembered.
  }
}

export function removeStorage(kind: TStorageArea, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
