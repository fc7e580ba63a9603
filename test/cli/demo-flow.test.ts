import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DemoError, runDemo } from '../../src/cli/demo-flow.ts';
import { apiClient } from '../support/api-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

describe('bodyscan demo against a running server', () => {
  let service: TestService;
  let baseUrl = '';
  let apiKey = '';
  before(async () => {
    service = await startTestService({ worker: true });
    baseUrl = await service.listen();
    apiKey = await service.key('demo-partner');
  });
  after(() => service.stop());

  it('takes a sandbox descriptor through upload, processing, results and a prediction, reporting progress', async () => {
    const progress: string[] = [];
    const descriptor = new TextEncoder().encode('{"sandbox": true, "sex": "female", "heightM": 1.68, "weightKg": 64, "seed": 7}');
    const result = await runDemo({ baseUrl, apiKey, capture: descriptor, progress: (line) => progress.push(line), pollIntervalMs: 100, timeoutMs: 60_000 }) as any;

    assert.ok(progress.some((line) => line.includes('registering user') && line.includes('female, 1.68 m, 64 kg')), progress.join('\n'));
    assert.ok(progress.some((line) => line.startsWith('• READY')), progress.join('\n'));
    assert.equal(progress.at(-1), '• prediction READY');
    assert.ok(result.measurements.waistFit > 0.5 && result.measurements.waistFit < 1.2, `waist ${result.measurements.waistFit} m`);
    assert.equal(typeof result.bodyfat.bodyfatPercentage, 'number');
    assert.equal(result.prediction.status, 'READY');
    assert.equal(result.prediction.targetWeight, 59, '5 kg below the registered 64 kg');

    const user = await apiClient(service.app!, apiKey).get(`/users/${result.userToken}`);
    assert.deepEqual([user.body.sex, user.body.weight, user.body.height], ['female', { value: 64, unit: 'kg' }, { value: 1.68, unit: 'm' }]);
  });

  it('stops with the server\'s reason when the key is refused', async () => {
    await assert.rejects(
      runDemo({ baseUrl, apiKey: 'not-a-key', capture: new Uint8Array([1]), progress: () => undefined }),
      (error: unknown) => error instanceof DemoError && /POST \/users answered 401/.test(error.message),
    );
  });
});

describe('bodyscan demo against an address where no server runs', () => {
  it('names the address and says the connection was refused (not just "fetch failed")', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve)); // nothing listens there any more
    const capture = new TextEncoder().encode('{"sandbox": true, "sex": "male", "heightM": 1.8, "weightKg": 80, "seed": 1}');
    await assert.rejects(
      runDemo({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', capture, progress: () => undefined }),
      (error: unknown) => error instanceof DemoError
        && error.message === `cannot reach http://127.0.0.1:${port} (connection refused: nothing listens there); is the server running, and is this its address?`,
    );
  });
});
