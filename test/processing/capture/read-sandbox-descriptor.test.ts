import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { assertCaptureFailure, text } from '../../support/capture-assertions.ts';

const valid = { sandbox: true, sex: 'female', heightM: 1.68, weightKg: 61.5, seed: 42 };
const read = (value: unknown) => readCapture(text(JSON.stringify(value)));

describe('sandbox descriptor', () => {
  it('is detected from its content and returned with empty geometry', () => {
    const result = readCapture(text(`\ufeff  ${JSON.stringify(valid, null, 2)}\n`));
    assert.equal(result.format, 'sandbox-descriptor');
    assert.deepEqual(result.sandboxDescriptor, { sex: 'female', heightM: 1.68, weightKg: 61.5, seed: 42 });
    assert.equal(result.geometry.positions.length, 0);
    assert.equal(result.geometry.indices, null);
  });

  it('rejects each invalid field with a sentence naming it', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sandbox: false }, /field sandbox must be true; got false/],
      [{ sex: 'neutral' }, /field sex must be "male" or "female"; got "neutral"/],
      [{ heightM: 168 }, /heightM must be a number of metres from 0.5 to 2.5 \(metres, not centimetres\); got 168/],
      [{ heightM: '1.7' }, /heightM must be a number/],
      [{ weightKg: 5 }, /weightKg must be a number of kilograms from 20 to 300; got 5/],
      [{ seed: 1.5 }, /seed must be a whole number from 0 to 4294967295; got 1.5/],
      [{ seed: -1 }, /seed must be a whole number/],
      [{ age: 30 }, /unknown field\(s\) age; allowed: sandbox, sex, heightM, weightKg, seed/],
    ];
    for (const [change, message] of cases) assertCaptureFailure(() => read({ ...valid, ...change }), 'capture_malformed', message);
    assertCaptureFailure(() => read({ sandbox: true, sex: 'male' }), 'capture_malformed', /lacks the field\(s\) heightM, weightKg, seed/);
  });

  it('tells other JSON apart: invalid JSON, glTF text, and JSON that is not a descriptor', () => {
    assertCaptureFailure(() => readCapture(text('{"sandbox": tru')), 'capture_malformed', /not valid UTF-8 JSON/);
    assertCaptureFailure(() => read({ asset: { version: '2.0' } }), 'capture_feature_unsupported', /text glTF/);
    assertCaptureFailure(() => read({ hello: 'world' }), 'capture_format_unknown', /not a sandbox descriptor/);
  });
});
