// The console's browser tests and its screenshot script share this: one bodyscan service listening
// on a free loopback port (real HTTP: the browser needs it), and Debian's Chromium driven by
// playwright-core (never a downloaded browser).
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestService, type TestService } from './test-service.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumPresent = (): boolean => existsSync(CHROMIUM_PATH);

/**
 * The flags the brief fixes for a quiet, reproducible headless run; SwiftShader gives WebGL (the 3D
 * view) without a GPU.
 */
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ConsoleServer {
  service: TestService;
  baseUrl: string;
  key: string;
  /** Calls the API as the partner of `key`. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** The service with its worker, listening on 127.0.0.1, its signed addresses on the same origin. */
export async function startConsoleServer(partner = 'console-partner'): Promise<ConsoleServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const service = await startTestService({ env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: baseUrl } });
  await service.listen();
  const key = await service.key(partner);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json;v=1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return { service, baseUrl, key, api, stop: () => service.stop() };
}

/** A user registered the way a partner app does it. */
export async function registerUser(server: ConsoleServer, token: string, weightKg = 64, sex: 'female' | 'male' = 'female'): Promise<void> {
  await server.api('POST', '/users', {
    token, email: null, sex, region: 'europe', birthDate: '1990-04-02',
    weight: { value: weightKg, unit: 'kg' }, height: { value: sex === 'female' ? 1.68 : 1.8, unit: 'm' },
    researchConsent: false, termsOfService: { accepted: true, version: '1.0' },
  });
}

/** A scan processed from a sandbox descriptor through the API (no browser): history for the chart. */
export async function sandboxScan(server: ConsoleServer, token: string, weightKg: number, seed: number): Promise<string> {
  const scan = await server.api<{ id: string }>('POST', '/scans', { userToken: token, deviceConfigName: 'IPHONE_SCANNER' });
  const address = await server.api<{ url: string }>('POST', `/scans/${scan.id}/upload-url`);
  const descriptor = { sandbox: true, sex: 'female', heightM: 1.68, weightKg, seed };
  const put = await fetch(address.url, { method: 'PUT', body: JSON.stringify(descriptor) });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  return scan.id;
}

export async function waitForScan(server: ConsoleServer, scanId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const scan = await server.api<{ status: string }>('GET', `/scans/${scanId}`);
    if (scan.status === 'READY' || scan.status === 'FAILED') return scan.status;
    if (Date.now() > until) throw new Error(`scan ${scanId} still ${scan.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs in through the sign-in form, as a person would. */
export async function signIn(page: Page, baseUrl: string, key: string): Promise<void> {
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
