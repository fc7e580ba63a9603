// A scale-out deployment on one machine for tests and benchmarks: a fresh PostgreSQL database,
// s3rver, and `bodyscan` API and worker processes started from bin/bodyscan.mjs with env config,
// exactly as an operator runs them. Every process is tracked and killed when the test process
// exits, whatever happened.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freshPostgresDatabase as freshDatabase } from '../support/fresh-postgres-database.ts';
import { startS3rver, type RunningS3rver } from '../support/s3rver-server.ts';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;

export interface BodyscanProcess {
  name: string;
  child: ChildProcess;
  /** API: its base address. Worker: its worker id (as written in jobs.locked_by). */
  address: string;
  /** The last lines it wrote (both streams), for failure messages. */
  tail(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => { for (const child of live) child.kill('SIGKILL'); });

export const freshPostgresDatabase = (adminUrl: string) => freshDatabase(adminUrl, 'bodyscan_scale');

function spawnBodyscan(name: string, args: string[], env: Record<string, string>): { child: ChildProcess; lines: string[]; exited: BodyscanProcess['exited'] } {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const lines: string[] = [];
  const keep = (line: string): void => { lines.push(line); if (lines.length > 200) lines.shift(); };
  createInterface({ input: child.stdout! }).on('line', keep);
  createInterface({ input: child.stderr! }).on('line', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => { live.delete(child); done({ code, signal }); });
  });
  return { child, lines, exited };
}

/** Runs a one-off command (migrate, keys create) to its end; its stdout, or an error with its output. */
export async function runBodyscan(args: string[], env: Record<string, string>): Promise<string> {
  const { child, lines, exited } = spawnBodyscan(args.join(' '), args, env);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  const { code } = await exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`bodyscan ${args.join(' ')} exited with ${code}:\n${lines.join('\n')}`);
  return stdout.trim();
}

/** Starts a long-running process and waits until `ready` recognises a line (its value is the address). */
async function startBodyscan(name: string, args: string[], env: Record<string, string>, ready: (line: string) => string | null): Promise<BodyscanProcess> {
  const { child, lines, exited } = spawnBodyscan(name, args, env);
  const tail = (): string => lines.slice(-40).join('\n');
  const address = await new Promise<string>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms:\n${tail()}`)), START_TIMEOUT_MS);
    const onLine = (line: string): void => {
      const found = ready(line);
      if (found !== null) { clearTimeout(timer); resolveReady(found); }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    void exited.then(({ code, signal }) => { clearTimeout(timer); reject(new Error(`${name} exited (${code ?? signal}) while starting:\n${tail()}`)); });
  });
  return { name, child, address, tail, exited };
}

export interface Cluster {
  databaseUrl: string;
  s3: RunningS3rver;
  /** The environment every process of this deployment shares. */
  env: Record<string, string>;
  /** A one-off command against this deployment (keys create, ...): its stdout. */
  run(args: string[]): Promise<string>;
  startApi(name: string): Promise<BodyscanProcess>;
  startWorker(name: string, extraEnv?: Record<string, string>): Promise<BodyscanProcess>;
  /** SIGTERM (graceful drain), SIGKILL after a timeout; the exit. */
  stop(process: BodyscanProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills what still runs, stops s3rver, drops the database. */
  destroy(): Promise<void>;
}

/** Database + bucket + migrations (the one-off before any process starts). */
export async function startCluster(adminUrl: string, settings: Record<string, string>): Promise<Cluster> {
  const s3 = await startS3rver();
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  const dataDirs: string[] = [];
  const started: BodyscanProcess[] = [];
  const destroy = async (): Promise<void> => {
    for (const running of started) running.child.kill('SIGKILL');
    await Promise.all(started.map((running) => running.exited));
    await s3.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    database = await freshPostgresDatabase(adminUrl);
    const env = { DATABASE_URL: database.url, BODYSCAN_ENVIRONMENT: 'sandbox', HOST: '127.0.0.1', PROCESSING_WARM_UP: 'false', ...s3.env, ...settings };
    const withDataDir = (extra: Record<string, string>): Record<string, string> => {
      // With PostgreSQL and S3 nothing shared lives in DATA_DIR; each process gets its own scratch folder.
      const dir = mkdtempSync(join(tmpdir(), 'bodyscan-proc-'));
      dataDirs.push(dir);
      return { ...env, DATA_DIR: dir, ...extra };
    };
    await runBodyscan(['migrate'], withDataDir({}));
    return {
      databaseUrl: database.url,
      s3,
      env,
      run: (args) => runBodyscan(args, withDataDir({})),
      async startApi(name) {
        const api = await startBodyscan(name, ['serve', '--no-worker'], withDataDir({ PORT: '0', LOG_LEVEL: 'warn' }), (line) => {
          const match = /listening on http:\/\/localhost:(\d+)/.exec(line);
          return match ? `http://127.0.0.1:${match[1]}` : null;
        });
        started.push(api);
        return api;
      },
      async startWorker(name, extraEnv = {}) {
        const worker = await startBodyscan(name, ['worker'], withDataDir({ LOG_LEVEL: 'info', ...extraEnv }), (line) => {
          if (!line.includes('"worker started"')) return null;
          return (JSON.parse(line) as { workerId?: string }).workerId ?? null;
        });
        started.push(worker);
        return worker;
      },
      async stop(running) {
        if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
        const timer = setTimeout(() => running.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        const exit = await running.exited;
        clearTimeout(timer);
        return exit;
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** A minimal HTTP client of the public interface (what a partner app sends). */
export function partnerClient(baseUrl: string, apiKey: string) {
  const request = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json;v=1', authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body),
  };
}

export const sandboxCapture = (seed: number): string => JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 80, seed });
