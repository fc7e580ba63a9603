import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');

// The embedded server holds DATA_DIR's database; operator commands reach it through its local
// operator channel (a Unix socket in DATA_DIR) instead of failing on the lock.
describe('operator commands while the embedded server runs', () => {
  let dataDir: string;
  let server: ChildProcess;
  let baseUrl = '';
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 });
  const get = (path: string, key: string) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json;v=1' } });

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-operator-'));
    server = spawn(process.execPath, [bin, 'serve', '--no-worker'], { env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    baseUrl = await new Promise<string>((resolve, reject) => {
      server.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match && /Sandbox API key/.test(stderr)) resolve(match[1]);
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });
  });
  after(async () => {
    await new Promise<void>((resolve) => { server.once('exit', () => resolve()); server.kill('SIGTERM'); });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the channel to its owner (mode 0600)', () => {
    assert.equal(statSync(join(dataDir, 'operator.sock')).mode & 0o777, 0o600);
  });

  it('creates a key the running server accepts at once, lists it, and revokes it', async () => {
    const created = run('keys', 'create', '--partner', 'live-partner', '--env', 'sandbox');
    assert.equal(created.status, 0, created.stderr);
    const apiKey = created.stdout.trim();
    const keyId = /key id (\S+)/.exec(created.stderr)![1];
    assert.equal((await get('/scans?limit=1', apiKey)).status, 200);
    assert.match(run('keys', 'list').stdout, new RegExp(`${keyId}\tlive-partner\tsandbox\tactive`));
    assert.equal(run('keys', 'revoke', keyId).status, 0);
    assert.match(run('keys', 'list').stdout, new RegExp(`${keyId}\tlive-partner\tsandbox\trevoked`));
  });

  it('sets, lists and removes a webhook endpoint, and migrate answers without touching the database', () => {
    const set = run('webhooks', 'set', '--partner', 'live-partner', '--env', 'sandbox', '--url', 'https://partner.example/hooks', '--signature-style', 'market');
    assert.equal(set.status, 0, set.stderr);
    assert.match(set.stdout, /^whsec_/);
    const log = run('webhooks', 'deliveries', '--partner', 'live-partner', '--env', 'sandbox');
    assert.equal(log.status, 0, log.stderr);
    assert.match(log.stdout, /^id\teventType/);
    assert.equal(run('webhooks', 'remove', '--partner', 'live-partner', '--env', 'sandbox').status, 0);
    assert.equal(run('webhooks', 'remove', '--partner', 'live-partner', '--env', 'sandbox').status, 1, 'already removed');
    const migrate = run('migrate');
    assert.equal(migrate.status, 0, migrate.stderr);
  });
});
