import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../composition/data-dir-lock.ts';
import {
  createApiKey, listApiKeys, migrateDatabase, removeWebhook, revokeApiKey, setWebhook, webhookDeliveries,
} from '../composition/operator-commands.ts';
import { webhookUrlProblem } from '../domain/webhook-event.ts';
import { DELIVERY_LOG_HEADER, deliveryLogLine } from '../cli/webhook-delivery-lines.ts';
import { readConfig, type Config } from '../config/config.ts';
import { demoPersonOf, runDemo } from '../cli/demo-flow.ts';
import { measureCaptureFile, formatMeasurementTable } from '../cli/measure-capture.ts';
import { simulateRecordingFile } from '../cli/simulate-recording-file.ts';
import { bodyCompositionLine } from '../cli/body-composition-lines.ts';
import { serve, work } from './serve.ts';

const USAGE = `Usage: bodyscan <command>
  serve [--no-worker]                          run the API (with an in-process worker unless --no-worker)
  worker                                       run a job worker only (WORKER_CONCURRENCY jobs at once)
  migrate                                      apply database migrations (idempotent)
  keys create --partner NAME --env sandbox|production   print a new API key (key alone on stdout)
  keys revoke KEYID                            revoke a key
  keys list                                    list keys (id, partner, environment, revoked)
  webhooks set --partner NAME --env sandbox|production --url URL
                                               register the partner's webhook endpoint (signing secret alone on stdout)
  webhooks remove --partner NAME --env sandbox|production
                                               stop sending the partner's events
  webhooks deliveries --partner NAME --env sandbox|production [--limit N]
                                               the delivery log, newest first (default 20 lines)
  demo --base URL --key KEY FILE [--sex S --height-m M --weight-kg KG]
                                               run the whole API flow for one capture file
  measure FILE [--json]                        measure a capture file offline
  simulate-recording MESH --mode walk|turn --out FILE.zip [--seed N] [--frames N] [--sweep-deg D]
                   [--framing full|cut-at-knees] [--empty-scene] [--room] [--odometry VARIANT] [--depth png|npy]
                                               render a Stray Scanner phone recording of a body mesh
  body-composition --method METHOD             JSON lines on stdin -> Bodyfat JSON lines on stdout
Configuration comes from the environment (README: Configuration).`;

const ODOMETRY_VARIANTS = ['header', 'header+intrinsics', 'pose-header', 'headerless'] as const;

function simulateRecordingCommand(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: {
    mode: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, frames: { type: 'string' }, 'sweep-deg': { type: 'string' },
    framing: { type: 'string' }, 'empty-scene': { type: 'boolean' }, room: { type: 'boolean' }, odometry: { type: 'string' }, depth: { type: 'string' },
  } });
  if (positionals.length !== 1 || !values.out || (values.mode !== 'walk' && values.mode !== 'turn')) {
    throw new UsageError('simulate-recording needs MESH --mode walk|turn --out FILE.zip');
  }
  const whole = (name: string, raw: string | undefined, min: number): number | undefined => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new UsageError(`--${name} must be a whole number >= ${min} (got "${raw}")`);
    return value;
  };
  const sweep = values['sweep-deg'] === undefined ? undefined : Number(values['sweep-deg']);
  if (sweep !== undefined && !(sweep > 0 && sweep <= 720)) throw new UsageError('--sweep-deg must be a number of degrees in (0, 720]');
  if (values.framing !== undefined && values.framing !== 'full' && values.framing !== 'cut-at-knees') throw new UsageError('--framing must be full or cut-at-knees');
  const odometry = values.odometry as (typeof ODOMETRY_VARIANTS)[number] | undefined;
  if (odometry !== undefined && !ODOMETRY_VARIANTS.includes(odometry)) throw new UsageError(`--odometry must be one of ${ODOMETRY_VARIANTS.join(', ')}`);
  if (values.depth !== undefined && values.depth !== 'png' && values.depth !== 'npy') throw new UsageError('--depth must be png or npy');
  const result = simulateRecordingFile(readFileSync(positionals[0]), {
    mode: values.mode, seed: whole('seed', values.seed, 0), frames: whole('frames', values.frames, 2), sweepDeg: sweep,
    framing: values.framing as 'full' | 'cut-at-knees' | undefined, emptyScene: values['empty-scene'], room: values.room, odometry, depthFormat: values.depth as 'png' | 'npy' | undefined,
  });
  writeFileSync(values.out, result.zip);
  process.stderr.write(`wrote ${values.out}: ${result.frames} frames, ${values.mode}, body ${(result.statureM * 100).toFixed(1)} cm tall, ${result.zip.length} bytes\n`);
  return 0;
}

function loadConfig(): Config {
  const { config, problems } = readConfig(process.env);
  if (problems.length > 0) throw new UsageError(`Configuration problems:\n  - ${problems.join('\n  - ')}`);
  return config;
}

class UsageError extends Error {}

async function keysCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const config = loadConfig();
  if (action === 'create') {
    const { values } = parseArgs({ args: rest, options: { partner: { type: 'string' }, env: { type: 'string' } } });
    if (!values.partner || (values.env !== 'sandbox' && values.env !== 'production')) throw new UsageError('keys create needs --partner NAME --env sandbox|production');
    const { partner, env } = values;
    const created = await createApiKey(config, partner, env);
    process.stdout.write(`${created.apiKey}\n`);
    process.stderr.write(`key id ${created.keyId} for partner ${partner} (${env})\n`);
    return 0;
  }
  if (action === 'revoke') {
    if (!rest[0]) throw new UsageError('keys revoke needs KEYID');
    const revoked = await revokeApiKey(config, rest[0]);
    process.stderr.write(revoked ? `revoked ${rest[0]} (running servers stop accepting it within 10 s)\n` : `no active key ${rest[0]}\n`);
    return revoked ? 0 : 1;
  }
  if (action === 'list') {
    const keys = await listApiKeys(config);
    for (const key of keys) process.stdout.write(`${key.id}\t${key.partnerId}\t${key.environment}\t${key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active'}\n`);
    return 0;
  }
  throw new UsageError('keys create | revoke | list');
}

const DEFAULT_DELIVERY_LOG_LIMIT = 20;

async function webhooksCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const { values } = parseArgs({ args: rest, options: { partner: { type: 'string' }, env: { type: 'string' }, url: { type: 'string' }, limit: { type: 'string' } } });
  const { partner, env } = values;
  if (!partner || (env !== 'sandbox' && env !== 'production')) throw new UsageError(`webhooks ${action ?? 'set | remove | deliveries'} needs --partner NAME --env sandbox|production`);
  if (action === 'set') {
    if (!values.url) throw new UsageError('webhooks set needs --url URL');
    const problem = webhookUrlProblem(values.url);
    if (problem) throw new UsageError(`webhooks set: ${problem}`);
    const { signingSecret } = await setWebhook(loadConfig(), partner, env, values.url);
    process.stdout.write(`${signingSecret}\n`);
    process.stderr.write(`webhook endpoint for partner ${partner} (${env}): ${values.url}\nkeep the signing secret above; it is not shown again (set again to rotate it)\n`);
    return 0;
  }
  if (action === 'remove') {
    const removed = await removeWebhook(loadConfig(), partner, env);
    process.stderr.write(removed ? `removed the webhook endpoint of partner ${partner} (${env})\n` : `partner ${partner} has no webhook endpoint in ${env}\n`);
    return removed ? 0 : 1;
  }
  if (action === 'deliveries') {
    const limit = values.limit === undefined ? DEFAULT_DELIVERY_LOG_LIMIT : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('webhooks deliveries: --limit must be a positive integer');
    const deliveries = await webhookDeliveries(loadConfig(), partner, env, limit);
    process.stdout.write(`${[DELIVERY_LOG_HEADER, ...deliveries.map(deliveryLogLine)].join('\n')}\n`);
    return 0;
  }
  throw new UsageError('webhooks set | remove | deliveries');
}

async function bodyCompositionCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { method: { type: 'string' } } });
  if (!values.method) throw new UsageError('body-composition needs --method METHOD');
  let failures = 0;
  let lineNumber = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const output = bodyCompositionLine(values.method, line, lineNumber);
    if ('error' in output) failures += 1;
    process.stdout.write(`${JSON.stringify(output)}\n`);
  }
  return failures === 0 ? 0 : 1;
}

/** Runs one CLI command; returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        await serve(loadConfig(), !args.includes('--no-worker'));
        return 0;
      case 'worker':
        await work(loadConfig());
        return 0;
      case 'migrate': {
        const applied = await migrateDatabase(loadConfig());
        process.stderr.write(applied.length ? `applied ${applied.join(', ')}\n` : 'database already up to date\n');
        return 0;
      }
      case 'keys':
        return await keysCommand(args);
      case 'webhooks':
        return await webhooksCommand(args);
      case 'demo': {
        const { values, positionals } = parseArgs({ args, allowPositionals: true, options: {
          base: { type: 'string' }, key: { type: 'string' }, sex: { type: 'string' }, 'height-m': { type: 'string' }, 'weight-kg': { type: 'string' },
        } });
        if (!values.base || !values.key || positionals.length !== 1) throw new UsageError('demo needs --base URL --key KEY FILE');
        if (values.sex !== undefined && values.sex !== 'male' && values.sex !== 'female') throw new UsageError('--sex must be male or female');
        const positive = (name: string, raw: string | undefined): number | undefined => {
          if (raw === undefined) return undefined;
          const value = Number(raw);
          if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a positive number (got "${raw}")`);
          return value;
        };
        const capture = readFileSync(positionals[0]);
        const person = demoPersonOf(capture, { sex: values.sex, heightM: positive('height-m', values['height-m']), weightKg: positive('weight-kg', values['weight-kg']) });
        const result = await runDemo({ baseUrl: values.base, apiKey: values.key, capture, person, progress: (line) => process.stderr.write(`${line}\n`) });
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return 0;
      }
      case 'measure': {
        const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
        if (positionals.length !== 1) throw new UsageError('measure needs FILE');
        const result = measureCaptureFile(readFileSync(positionals[0]));
        process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatMeasurementTable(result));
        return 0;
      }
      case 'simulate-recording':
        return simulateRecordingCommand(args);
      case 'body-composition':
        return await bodyCompositionCommand(args);
      case undefined:
      case 'help':
      case '--help':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 3;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
