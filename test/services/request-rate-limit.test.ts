import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestRateLimit } from '../../src/services/request-rate-limit.ts';
import type { Tenant } from '../../src/services/ports.ts';

const partnerA: Tenant = { partnerId: 'a', environment: 'sandbox' };
const partnerB: Tenant = { partnerId: 'b', environment: 'sandbox' };

describe('requestRateLimit (token bucket per partner and environment)', () => {
  it('lets a burst through, then asks the next request to wait', () => {
    const take = requestRateLimit({ requestsPerS: 2, burst: 3 });
    assert.deepEqual([take(partnerA, 0), take(partnerA, 0), take(partnerA, 0)], [0, 0, 0]);
    assert.equal(take(partnerA, 0), 1);
  });

  it('gives tokens back at the sustained rate, never above the burst', () => {
    const take = requestRateLimit({ requestsPerS: 2, burst: 2 });
    take(partnerA, 0);
    take(partnerA, 0);
    assert.equal(take(partnerA, 499), 1, 'half a second at 2/s is not yet one token');
    assert.equal(take(partnerA, 500), 0);
    // A long pause refills to the burst (2), not to 2 tokens per second of pause.
    assert.deepEqual([take(partnerA, 60_000), take(partnerA, 60_000), take(partnerA, 60_000)], [0, 0, 1]);
  });

  it('answers retry-after in whole seconds, rounded up', () => {
    const take = requestRateLimit({ requestsPerS: 0.2, burst: 1 });
    take(partnerA, 0);
    assert.equal(take(partnerA, 0), 5, 'one token every 5 s');
    assert.equal(take(partnerA, 100), 5, '4.9 s rounds up to 5 s');
    assert.equal(take(partnerA, 4_500), 1, '0.5 s rounds up to 1 s');
  });

  it('keeps partners and environments apart', () => {
    const take = requestRateLimit({ requestsPerS: 1, burst: 1 });
    assert.equal(take(partnerA, 0), 0);
    assert.equal(take(partnerA, 0), 1);
    assert.equal(take(partnerB, 0), 0);
    assert.equal(take({ partnerId: 'a', environment: 'production' }, 0), 0);
  });

  it('limits nothing at 0 requests per second', () => {
    const take = requestRateLimit({ requestsPerS: 0, burst: 1 });
    for (let i = 0; i < 1000; i++) assert.equal(take(partnerA, 0), 0);
  });

  it('refills nothing when the clock steps back', () => {
    const take = requestRateLimit({ requestsPerS: 1, burst: 1 });
    take(partnerA, 10_000);
    assert.equal(take(partnerA, 5_000), 1);
  });
});
