// The embedded default (PGlite, files on disk, in-process worker on processing threads) killed with
// SIGKILL while scans are in flight, three times: after each restart the data directory opens
// again, and in the end every scan is intact and READY or FAILED, none lost or stuck. A kill costs
// the job running at that moment an attempt (a lease that expires is all the queue can see, and a
// capture that kills its process must not loop), so a sandbox scan killed in the middle of every
// attempt ends FAILED internal_error; one that got a clean attempt is READY.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUserBody } from '../support/api-client.ts';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');
const ROUNDS = 3;
const SCANS_PER_ROUND = 3;

describe('SIGKILL of the embedded server with scans in flight', () => {
  let dataDir: string;
  let server: ChildProcess | null = null;
  let baseUrl = '';

  const start = async (): Promise<void> => {
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JOB_LEASE_MS: '1500', PROCESSING_WARM_UP: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    baseUrl = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match && /Sandbox API key/.test(stderr)) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });
    server = child;
  };
  const kill = async (): Promise<void> => {
    const child = server!;
    server = null;
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); });
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const key = readFileSync(join(dataDir, 'sandbox-api-key.txt'), 'utf8').trim();
    const response = await fetch(`${baseUrl}${path}`, {
      method, headers: { authorization: `Bearer ${key}`, accept: 'application/json;v=1', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() as any };
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bodyscan-sigkill-'));
    await start();
    assert.equal((await call('POST', '/users', newUserBody('survivor'))).status, 201);
  });
  after(async () => {
    if (server) await kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every scan and finishes each one READY or FAILED after three kills', async () => {
    const scanIds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < SCANS_PER_ROUND; i++) {
        const scan = (await call('POST', '/scans', { userToken: 'survivor', deviceConfigName: 'IPHONE_SCANNER' })).body;
        const { url } = (await call('POST', `/scans/${scan.id}/upload-url`)).body;
        const capture = i === SCANS_PER_ROUND - 1 ? 'not a capture' : JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.6 + 0.05 * i, weightKg: 60, seed: round * 10 + i });
        assert.equal((await fetch(url, { method: 'PUT', body: capture })).status, 200);
        scanIds.push(scan.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * round)); // kill at different points of processing
      await kill();
      await start();
    }
    const deadline = Date.now() + 120_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(scanIds.map(async (id) => (await call('GET', `/scans/${id}`)).body.status as string));
      if (statuses.every((status) => status === 'READY' || status === 'FAILED')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(statuses.length, ROUNDS * SCANS_PER_ROUND);
    let ready = 0;
    for (const [index, id] of scanIds.entries()) {
      const scan = (await call('GET', `/scans/${id}`)).body;
      const garbage = index % SCANS_PER_ROUND === SCANS_PER_ROUND - 1;
      if (scan.status === 'READY') {
        assert.ok(!garbage, 'an unreadable capture never becomes READY');
        assert.equal((await call('GET', `/scans/${id}/measurements`)).status, 200);
        ready += 1;
      } else {
        assert.equal(scan.status, 'FAILED');
        if (scan.failure.code === 'internal_error') assert.match(scan.failure.message, /failed \d+ times/, 'only after its attempts ran out');
        else assert.equal([garbage, scan.failure.code].join(), 'true,capture_format_unknown', JSON.stringify(scan.failure));
      }
    }
    assert.ok(ready >= 3, `most sandbox scans finish READY despite the kills (${ready} of ${ROUNDS * (SCANS_PER_ROUND - 1)})`);
  });
});
