import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readConfig } from '../../src/config/config.ts';

describe('readConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const { config, problems } = readConfig({});
    assert.deepEqual(problems, []);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.s3, null);
    assert.equal(config.port, 8080);
    assert.deepEqual([config.rateLimitPerS, config.rateLimitBurst], [200, 400]);
    assert.equal(config.processingWarmUp, true);
  });

  it('reads PROCESSING_WARM_UP as true or false and refuses anything else', () => {
    assert.equal(readConfig({ PROCESSING_WARM_UP: 'false' }).config.processingWarmUp, false);
    assert.match(readConfig({ PROCESSING_WARM_UP: 'no' }).problems.join('\n'), /PROCESSING_WARM_UP must be true or false/);
  });

  it('reads the rate limit, 0 per second meaning no limit', () => {
    const { config, problems } = readConfig({ RATE_LIMIT_PER_S: '0', RATE_LIMIT_BURST: '7' });
    assert.deepEqual(problems, []);
    assert.deepEqual([config.rateLimitPerS, config.rateLimitBurst], [0, 7]);
  });

  it('lists every bad setting at once instead of stopping at the first', () => {
    const { problems } = readConfig({ PORT: 'eighty', RATE_LIMIT_PER_S: '-1', RATE_LIMIT_BURST: '0', DATABASE_URL: 'mysql://x', S3_REGION: 'eu-west-1' });
    assert.equal(problems.length, 5, problems.join('\n'));
    for (const name of ['PORT', 'RATE_LIMIT_PER_S', 'RATE_LIMIT_BURST', 'DATABASE_URL', 'S3_BUCKET']) {
      assert.ok(problems.some((problem) => problem.includes(name)), `a problem names ${name}`);
    }
  });
});
