// The console's only way to the service: the public API on this origin, the key in the
// authorization header (never in a URL, never in a cookie).

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export type UnitSystem = 'metric' | 'imperial';

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
}

export function apiFor(key: string): Api {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/json;v=1',
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? null : JSON.parse(text);
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: string; message?: string };
      throw new ApiError(response.status, error.code ?? 'http_error', error.message ?? `HTTP ${response.status}`);
    }
    return parsed as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    patch: (path, body) => call('PATCH', path, body),
  };
}

/** Sends capture bytes to a signed upload address (no key: the address carries its own signature). */
export async function putCapture(url: string, bytes: Blob): Promise<void> {
  const response = await fetch(url, { method: 'PUT', body: bytes, credentials: 'omit' });
  if (!response.ok) {
    const text = await response.text();
    let message = `upload failed: HTTP ${response.status}`;
    try { message = (JSON.parse(text) as { message?: string }).message ?? message; } catch { /* not JSON */ }
    throw new ApiError(response.status, 'upload_failed', message);
  }
}

export const query = (params: Record<string, string | number | undefined | null>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

export const enc = encodeURIComponent;
