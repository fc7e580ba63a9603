// A bodyscan API process for benchmarks: composes the service from the environment (DATABASE_URL,
// DATA_DIR...), registers one user and one scan, and prints {url, apiKey, scanId} as one JSON line.
import { composeService } from '../../src/composition/compose-service.ts';
import { createPinoLogger } from '../../src/composition/pino-logger.ts';
import { readConfig } from '../../src/config/config.ts';

const { config, problems } = readConfig({ ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
if (problems.length) throw new Error(problems.join('; '));
const service = await composeService({ config, roles: { api: true, worker: false }, logger: createPinoLogger('silent'), pipeline: 'default' });
const url = await service.listen();
const { apiKey } = await service.keys.createKey('bench-partner', 'sandbox');
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json;v=1' };
await fetch(`${url}/users`, { method: 'POST', headers, body: JSON.stringify({
  token: 'bench-user', sex: 'female', region: 'europe', birthDate: '1990-01-01', weight: { value: 60, unit: 'kg' },
  height: { value: 1.65, unit: 'm' }, researchConsent: false, termsOfService: { accepted: true, version: '1.0' },
}) });
const scan = await (await fetch(`${url}/scans`, { method: 'POST', headers, body: JSON.stringify({ userToken: 'bench-user', deviceConfigName: 'IPHONE_SCANNER' }) })).json() as { id: string };
process.stdout.write(`${JSON.stringify({ url, apiKey, scanId: scan.id })}\n`);
process.on('SIGTERM', () => { service.close().then(() => process.exit(0)); });
