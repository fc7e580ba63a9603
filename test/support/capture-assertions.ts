// Assertions shared by the capture reader tests.
import assert from 'node:assert/strict';
import { ProcessingFailure, type ProcessingFailureCode } from '../../src/domain/processing-failure.ts';

/** Asserts that `run` throws a ProcessingFailure with `code` (and a message matching `message`); returns it. */
export function assertCaptureFailure(run: () => unknown, code: ProcessingFailureCode, message?: RegExp): ProcessingFailure {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof ProcessingFailure, `expected a ProcessingFailure ${code}, got ${thrown === undefined ? 'no error' : String(thrown)}`);
  assert.equal(thrown.code, code, `expected ${code}, got ${thrown.code}: ${thrown.message}`);
  if (message) assert.match(thrown.message, message);
  assert.match(thrown.message, /^[A-Z].*\.$/s, 'a failure message is one sentence');
  return thrown;
}

/** Text as bytes (ASCII/UTF-8). */
export function text(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

/** Concatenates byte arrays. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
