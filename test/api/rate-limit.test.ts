import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../support/api-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

describe('rate limit per partner and environment (RATE_LIMIT_PER_S=1, RATE_LIMIT_BURST=2)', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ worker: false, env: { RATE_LIMIT_PER_S: '1', RATE_LIMIT_BURST: '2' } });
    service.clock.freeze(); // no token comes back unless a test moves the clock
  });
  after(() => service.stop());

  it('answers 429 rate_limited with retry-after once the burst is spent, and serves again after the wait', async () => {
    const partner = apiClient(service.app!, await service.key('busy-partner'));
    assert.equal((await partner.get('/users/nobody')).status, 404);
    assert.equal((await partner.get('/users/nobody')).status, 404);
    const limited = await partner.get('/users/nobody');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '1');
    assert.equal(limited.body.code, 'rate_limited');
    assert.equal(limited.body.statusCode, 429);
    assert.equal(limited.body.error, 'Too Many Requests');
    assert.equal(limited.body.requestId, limited.headers['x-request-id']);
    service.clock.advance(1000);
    assert.equal((await partner.get('/users/nobody')).status, 404);
  });

  it('counts every key of a partner together and leaves other partners alone', async () => {
    const first = apiClient(service.app!, await service.key('shared-partner'));
    const second = apiClient(service.app!, await service.key('shared-partner'));
    const other = apiClient(service.app!, await service.key('quiet-partner'));
    await first.get('/users/nobody');
    await first.get('/users/nobody');
    assert.equal((await second.get('/users/nobody')).status, 429);
    assert.equal((await other.get('/users/nobody')).status, 404);
  });

  it('checks the key before the limit: requests without a valid key spend no partner\'s budget', async () => {
    const partner = apiClient(service.app!, await service.key('guarded-partner'));
    const stranger = apiClient(service.app!, 'not-a-key');
    for (let i = 0; i < 5; i++) assert.equal((await stranger.get('/users/nobody')).status, 401);
    assert.equal((await partner.get('/users/nobody')).status, 404);
  });

  it('never limits the health checks', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await service.app!.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});
