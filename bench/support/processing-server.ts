// A bodyscan process with the API and an in-process worker (processing on PROCESSING_THREADS
// threads), for latency-under-processing benchmarks: registers one user and BENCH_SCANS scans for
// reading (default 200), prints {url, apiKey, scanIds} as one JSON line.
import { composeService } from '../../src/composition/compose-service.ts';
import { createPinoLogger } from '../../src/composition/pino-logger.ts';
import { readConfig } from '../../src/config/config.ts';

const { config, problems } = readConfig({
  ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_S: '1000000000', RATE_LIMIT_BURST: '1000000000',
});
if (problems.length) throw new Error(problems.join('; '));
const service = await composeService({ config, roles: { api: true, worker: true }, logger: createPinoLogger('silent'), pipeline: 'default' });
const url = await service.listen();
const { apiKey } = await service.keys.createKey('bench-partner', 'sandbox');
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json;v=1' };
await fetch(`${url}/users`, { method: 'POST', headers, body: JSON.stringify({
  token: 'bench-user', sex: 'female', region: 'europe', birthDate: '1990-01-01', weight: { value: 66, unit: 'kg' },
  height: { value: 1.68, unit: 'm' }, researchConsent: false, termsOfService: { accepted: true, version: '1.0' },
}) });
const scanIds: string[] = [];
for (let i = 0; i < Number(process.env.BENCH_SCANS ?? 200); i++) {
  const response = await fetch(`${url}/scans`, { method: 'POST', headers, body: JSON.stringify({ userToken: 'bench-user', deviceConfigName: 'IPHONE_SCANNER' }) });
  scanIds.push(((await response.json()) as { id: string }).id);
}
process.stdout.write(`${JSON.stringify({ url, apiKey, scanIds })}\n`);
process.on('SIGTERM', () => { service.close().then(() => process.exit(0)); });
