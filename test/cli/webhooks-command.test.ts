import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/composition/open-database.ts';
import { predictionEvent, scanEvent } from '../../src/domain/webhook-event.ts';
import type { Tenant } from '../../src/services/ports.ts';
import { recordWebhookEvent } from '../../src/services/webhook-outbox.ts';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');

describe('bodyscan webhooks', () => {
  let dataDir: string;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [bin, 'webhooks', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 });
  /** Writes to the same embedded database the command uses (closed again, so the command can open it). */
  const withDatabase = async (work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) => {
    const db = await openDatabase({ databaseUrl: null, dataDir });
    try { await work(db); } finally { await db.close(); }
  };

  before(() => { dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-webhooks-cli-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('set prints a fresh signing secret alone on stdout; setting again rotates it', async () => {
    const first = run('set', '--partner', 'acme', '--env', 'sandbox', '--url', 'https://acme.example/hooks');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^whsec_[\w-]{43}\n$/);
    assert.match(first.stderr, /acme \(sandbox\): https:\/\/acme\.example\/hooks/);
    const second = run('set', '--partner', 'acme', '--env', 'sandbox', '--url', 'https://acme.example/hooks-v2');
    assert.equal(second.status, 0, second.stderr);
    assert.notEqual(second.stdout, first.stdout);
    await withDatabase(async (db) => {
      const endpoint = await db.webhooks.findWebhookEndpoint({ partnerId: 'acme', environment: 'sandbox' });
      assert.deepEqual([endpoint?.url, endpoint?.signingSecret], ['https://acme.example/hooks-v2', second.stdout.trim()]);
      assert.equal(await db.webhooks.findWebhookEndpoint({ partnerId: 'acme', environment: 'production' }), null);
    });
  });

  it('set --signature-style market stores the market header style; an unknown style is a usage error', async () => {
    const market = run('set', '--partner', 'globex', '--env', 'sandbox', '--url', 'https://globex.example/prism', '--signature-style', 'market');
    assert.equal(market.status, 0, market.stderr);
    assert.match(market.stderr, /market signature headers/);
    const wrong = run('set', '--partner', 'globex', '--env', 'sandbox', '--url', 'https://globex.example/prism', '--signature-style', 'stripe');
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /--signature-style must be bodyscan or market, not "stripe"/);
    await withDatabase(async (db) => {
      assert.equal((await db.webhooks.findWebhookEndpoint({ partnerId: 'globex', environment: 'sandbox' }))?.signatureStyle, 'market');
      assert.equal((await db.webhooks.findWebhookEndpoint({ partnerId: 'acme', environment: 'sandbox' }))?.signatureStyle, 'bodyscan');
    });
  });

  it('set refuses a URL that is not http or https, saying why', () => {
    const ftp = run('set', '--partner', 'acme', '--env', 'production', '--url', 'ftp://acme.example/hooks');
    assert.equal(ftp.status, 2);
    assert.equal(ftp.stdout, '');
    assert.match(ftp.stderr, /the webhook URL must use http or https, not ftp/);
    const relative = run('set', '--partner', 'acme', '--env', 'production', '--url', '/hooks');
    assert.match(relative.stderr, /"\/hooks" is not an absolute URL/);
    assert.equal(run('set', '--partner', 'acme', '--env', 'staging', '--url', 'https://acme.example').status, 2);
  });

  it('deliveries prints the log newest first: id, event type, state, attempts, last status or error, created and delivered times', async () => {
    const tenant: Tenant = { partnerId: 'acme', environment: 'sandbox' };
    const ids: string[] = [];
    await withDatabase(async (db) => {
      const events = [
        scanEvent({ id: 'scan-1', userId: 'user-id-1', userToken: 'u1' }, 'PROCESSING', null),
        scanEvent({ id: 'scan-1', userId: 'user-id-1', userToken: 'u1' }, 'READY', null),
        predictionEvent({ id: 'prediction-1', scanId: 'scan-1' }, { userId: 'user-id-1', userToken: 'u1' }, 'PROCESSING', null),
      ];
      for (const [index, event] of events.entries()) {
        await db.transaction((tx) => recordWebhookEvent(tx, tenant, event, new Date(Date.UTC(2026, 0, 1, 12, 0, index))));
      }
      ids.push(...(await db.webhooks.listWebhookDeliveries(tenant, 10)).map((delivery) => delivery.id));
      await db.webhooks.markDeliveryDelivered(ids[2], 204, new Date('2026-01-01T12:00:05.000Z'));
      await db.webhooks.recordFailedAttempt(ids[1], 500, 'HTTP 500', new Date('2026-01-01T12:00:06.000Z'));
      await db.webhooks.recordFailedAttempt(ids[0], null, 'TypeError: fetch failed', new Date('2026-01-01T12:00:07.000Z'));
    });
    const listed = run('deliveries', '--partner', 'acme', '--env', 'sandbox');
    assert.equal(listed.status, 0, listed.stderr);
    assert.deepEqual(listed.stdout.trimEnd().split('\n'), [
      'id\teventType\tstate\tattempts\tlast\tcreatedAt\tdeliveredAt',
      `${ids[0]}\tbody_shape_prediction.processing.started\tPENDING\t1\tTypeError: fetch failed\t2026-01-01T12:00:02.000Z\t-`,
      `${ids[1]}\tscan.processing.succeeded\tPENDING\t1\tHTTP 500\t2026-01-01T12:00:01.000Z\t-`,
      `${ids[2]}\tscan.processing.started\tDELIVERED\t1\tHTTP 204\t2026-01-01T12:00:00.000Z\t2026-01-01T12:00:05.000Z`,
    ]);
    assert.equal(run('deliveries', '--partner', 'acme', '--env', 'sandbox', '--limit', '1').stdout.trimEnd().split('\n').length, 2);
    assert.equal(run('deliveries', '--partner', 'acme', '--env', 'production').stdout, 'id\teventType\tstate\tattempts\tlast\tcreatedAt\tdeliveredAt\n');
    assert.equal(run('deliveries', '--partner', 'acme', '--env', 'sandbox', '--limit', 'ten').status, 2);
  });

  it('remove deletes the endpoint, and says so when there is none', async () => {
    assert.equal(run('remove', '--partner', 'acme', '--env', 'sandbox').status, 0);
    await withDatabase(async (db) => assert.equal(await db.webhooks.findWebhookEndpoint({ partnerId: 'acme', environment: 'sandbox' }), null));
    const again = run('remove', '--partner', 'acme', '--env', 'sandbox');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /partner acme has no webhook endpoint in sandbox/);
  });
});
