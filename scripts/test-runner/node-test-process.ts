// Runs `node --test` on some files with the spec reporter and the tally reporter, streaming the
// output as it comes, and decides the exit code from the tally line.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TALLY_LINE } from './tally-reporter.ts';

const TALLY_REPORTER = fileURLToPath(new URL('./tally-reporter.ts', import.meta.url));
/** Keeps the end of the output, where the tally line is; the rest only streams past. */
const TAIL_CHARS = 64 * 1024;

/** Runs the tests; returns 0 when at least one test ran and none failed, else 1. */
export async function runNodeTests(patterns: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [
    '--test', '--test-concurrency=2',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${TALLY_REPORTER}`, '--test-reporter-destination=stdout',
    ...patterns,
  ], { stdio: ['ignore', 'pipe', 'inherit'], env });
  let tail = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    tail = (tail + chunk).slice(-TAIL_CHARS);
  });
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const match = TALLY_LINE.exec(tail);
  if (!match) {
    process.stderr.write(`run-tests: the test runner ended (exit ${status}) without its closing line; failing\n`);
    return 1;
  }
  const passed = Number(match[1]);
  const failed = Number(match[2]);
  if (failed === 0 && passed === 0) {
    process.stderr.write('run-tests: no test ran; failing on purpose (a silent 0 is not a pass)\n');
    return 1;
  }
  if (failed === 0 && status !== 0) {
    // Not expected (the tally counts every kind of failure node reports); say so rather than hide it.
    process.stderr.write(`run-tests: no test failed but node --test exited ${status}; failing\n`);
    return 1;
  }
  return failed === 0 ? 0 : 1;
}
