import { isSandboxDescriptorLike, parseSandboxDescriptor } from '../processing/capture/sandbox-descriptor.ts';

/** The person the demo registers: the scan's weight and height, and the sex body composition uses. */
export interface DemoPerson {
  sex: 'male' | 'female';
  heightM: number;
  weightKg: number;
}

const DEFAULT_PERSON: DemoPerson = { sex: 'male', heightM: 1.8, weightKg: 80 };

/**
 * Who the capture shows: a sandbox descriptor names its own sex, height and weight, so the user
 * registered for it matches the synthetic body; anything else is the default adult (1.80 m, 80 kg,
 * male) unless `overrides` says otherwise. Overrides win over the descriptor too.
 */
export function demoPersonOf(capture: Uint8Array, overrides: Partial<DemoPerson> = {}): DemoPerson {
  let fromCapture: DemoPerson = DEFAULT_PERSON;
  if (capture.byteLength < 4096 && capture[0] === 0x7b) { // '{': small enough to be a descriptor
    try {
      const value: unknown = JSON.parse(new TextDecoder().decode(capture));
      if (isSandboxDescriptorLike(value)) {
        const { sex, heightM, weightKg } = parseSandboxDescriptor(value);
        fromCapture = { sex, heightM, weightKg };
      }
    } catch { /* not a usable descriptor: the server will say why when it reads the upload */ }
  }
  return { ...fromCapture, ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) };
}

/**
 * `bodyscan demo`: the interface's intended call order against a running server, for one capture
 * file: register a user, a scan, get an upload address, PUT the capture, poll until done, read
 * every result, and make a weight-loss prediction. Progress goes to `progress`, results are returned.
 */
export interface DemoOptions {
  baseUrl: string;
  apiKey: string;
  capture: Uint8Array;
  /** Who to register; default: demoPersonOf(capture). */
  person?: DemoPerson;
  progress: (line: string) => void;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

export class DemoError extends Error {}

const CONNECTION_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing listens there',
  ENOTFOUND: 'unknown host name',
  EAI_AGAIN: 'the host name does not resolve',
  ECONNRESET: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was closed',
};

/** Why fetch could not reach `url`, as a sentence naming the address (fetch itself says only "fetch failed"). */
export function unreachableMessage(url: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } })?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  let origin = url;
  try { origin = new URL(url).origin; } catch { /* keep it as given */ }
  const reason = (code && CONNECTION_REASONS[code]) ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `cannot reach ${origin} (${reason}); is the server running, and is this its address?`;
}

/** fetch, with an unreachable address reported as a DemoError that names it and why. */
async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new DemoError(unreachableMessage(url, error), { cause: error });
  }
}

export async function runDemo(options: DemoOptions): Promise<Record<string, unknown>> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetchOrExplain(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json;v=1', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: any = null;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON: reported with the raw text below */ }
    if (!response.ok) throw new DemoError(`${method} ${path} answered ${response.status}: ${parsed?.message ?? text}`);
    if (text && parsed === null) throw new DemoError(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    return parsed;
  };
  const step = (text: string): void => options.progress(`• ${text}`);

  const token = `demo-${Date.now().toString(36)}`;
  const person = options.person ?? demoPersonOf(options.capture);
  step(`registering user ${token} (${person.sex}, ${person.heightM} m, ${person.weightKg} kg)`);
  await call('POST', '/users', {
    token, sex: person.sex, region: 'europe', birthDate: '1990-01-01',
    weight: { value: person.weightKg, unit: 'kg' }, height: { value: person.heightM, unit: 'm' },
    researchConsent: false, termsOfService: { accepted: true, version: '1.0' },
  });
  const scan = await call('POST', '/scans', { userToken: token, deviceConfigName: 'IPHONE_SCANNER' });
  step(`scan ${scan.id} created`);
  const upload = await call('POST', `/scans/${scan.id}/upload-url`);
  step(`uploading ${options.capture.byteLength} bytes`);
  const put = await fetchOrExplain(upload.url, { method: 'PUT', body: options.capture });
  if (!put.ok) throw new DemoError(`upload answered ${put.status}: ${await put.text()}`);

  const started = Date.now();
  let current = scan;
  let lastLine = '';
  while (current.status === 'CREATED' || current.status === 'PROCESSING') {
    if (Date.now() - started > (options.timeoutMs ?? 300_000)) throw new DemoError('the scan did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 500));
    current = await call('GET', `/scans/${scan.id}`);
    const stages = ['captureData', 'body', 'fittedBody', 'measurement'].map((stage) => `${stage}:${current.scanAssets[stage] ?? '-'}`).join(' ');
    const line = `${current.status} ${stages}`;
    if (line !== lastLine) { step(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`); lastLine = line; }
  }
  if (current.status === 'FAILED') throw new DemoError(`processing failed: ${current.failure?.code}: ${current.failure?.message}`);

  const measurements = await call('GET', `/scans/${scan.id}/measurements`);
  const bodyfat = await call('GET', `/scans/${scan.id}/bodyfat`);
  const healthReport = await call('GET', `/scans/${scan.id}/health-report`);
  const assetUrls = await call('GET', `/scans/${scan.id}/asset-urls`);
  step('results read; predicting a 5 kg weight loss');
  const weightKg = current.weight.unit === 'kg' ? current.weight.value : current.weight.value * 0.45359237;
  let prediction = await call('POST', '/body-shape-prediction', { scanId: scan.id, predictionType: 'weight_loss', targetWeight: Math.round(weightKg - 5) });
  const predictionStarted = Date.now();
  while (prediction.status === 'CREATED' || prediction.status === 'PROCESSING') {
    if (Date.now() - predictionStarted > (options.timeoutMs ?? 300_000)) throw new DemoError('the prediction did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 500));
    prediction = await call('GET', `/body-shape-prediction/${prediction.id}`);
  }
  step(`prediction ${prediction.status}`);
  return { scanId: scan.id, userToken: token, measurements, bodyfat, healthReport, assetUrls, prediction };
}
