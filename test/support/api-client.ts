// Requests against a test service through fastify inject, with the interface's headers.
import type { FastifyInstance } from 'fastify';

export interface ApiResponse {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

export function apiClient(app: FastifyInstance, apiKey: string | null) {
  const request = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        accept: 'application/json;v=1',
        'content-type': 'application/json',
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    let parsed: unknown = response.body;
    try { parsed = response.body ? JSON.parse(response.body) : null; } catch { /* not JSON */ }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };
  return {
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => request('POST', url, body, headers),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) => request('PATCH', url, body, headers),
    delete: (url: string, headers?: Record<string, string>) => request('DELETE', url, undefined, headers),
    request,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

export function newUserBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    email: null,
    sex: 'male',
    region: 'europe',
    birthDate: '1990-05-17',
    weight: { value: 82, unit: 'kg' },
    height: { value: 1.8, unit: 'm' },
    researchConsent: true,
    termsOfService: { accepted: true, version: '1.0' },
    ...overrides,
  };
}

/** The path part + query of a signed storage URL, for inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
