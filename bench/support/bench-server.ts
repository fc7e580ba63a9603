// A bodyscan API process for benchmarks: composes the service from the environment (DATABASE_URL,
// DATA_DIR...), registers one user and BENCH_SCANS scans (default 1,000), and prints
// {url, apiKey, scanIds} as one JSON line.
import { composeService } from '../../src/composition/compose-service.ts';
import { createPinoLogger } from '../../src/composition/pino-logger.ts';
import { readConfig } from '../../src/config/config.ts';

// The rate limit stays on (its check is part of every request) but far above what the bench sends.
const { config, problems } = readConfig({
  ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_S: '1000000000', RATE_LIMIT_BURST: '1000000000',
});
if (problems.length) throw new Error(problems.join('; '));
const service = await composeService({ config, roles: { api: true, worker: false }, logger: createPinoLogger('silent'), pipeline: 'default' });
const url = await service.listen();
const { apiKey } = await service.keys.createKey('bench-partner', 'sandbox');
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json;v=1' };
await fetch(`${url}/users`, { method: 'POST', headers, body: JSON.stringify({
  token: 'bench-user', sex: 'female', region: 'europe', birthDate: '1990-01-01', weight: { value: 60, unit: 'kg' },
  height: { value: 1.65, unit: 'm' }, researchConsent: false, termsOfService: { accepted: true, version: '1.0' },
}) });
const createScan = async (): Promise<string> => {
  const response = await fetch(`${url}/scans`, { method: 'POST', headers, body: JSON.stringify({ userToken: 'bench-user', deviceConfigName: 'IPHONE_SCANNER' }) });
  if (response.status !== 201) throw new Error(`POST /scans answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
};
const scanIds: string[] = [];
const scanCount = Number(process.env.BENCH_SCANS ?? 1000);
while (scanIds.length < scanCount) {
  scanIds.push(...await Promise.all(Array.from({ length: Math.min(10, scanCount - scanIds.length) }, createScan)));
}
process.stdout.write(`${JSON.stringify({ url, apiKey, scanIds })}\n`);
process.on('SIGTERM', () => { service.close().then(() => process.exit(0)); });
