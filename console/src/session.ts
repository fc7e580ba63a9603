// The API key lives in this tab only (sessionStorage): gone when the tab closes, never in a URL.
const KEY_ITEM = 'bodyscan.apiKey';

export function storedKey(): string | null {
  try { return sessionStorage.getItem(KEY_ITEM); } catch { return null; }
}

export function storeKey(key: string | null): void {
  try {
    if (key === null) sessionStorage.removeItem(KEY_ITEM);
    else sessionStorage.setItem(KEY_ITEM, key);
  } catch { /* storage refused (private mode): the key stays in memory only */ }
}
