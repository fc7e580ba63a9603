import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoPersonOf } from '../../src/cli/demo-flow.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('demoPersonOf (who bodyscan demo registers)', () => {
  it('takes sex, height and weight from a sandbox descriptor, so the user matches the synthetic body', () => {
    const descriptor = bytes('{"sandbox": true, "sex": "female", "heightM": 1.68, "weightKg": 64, "seed": 7}');
    assert.deepEqual(demoPersonOf(descriptor), { sex: 'female', heightM: 1.68, weightKg: 64 });
  });

  it('uses the default adult for a real capture and for an invalid descriptor', () => {
    assert.deepEqual(demoPersonOf(bytes('ply\nformat ascii 1.0\n')), { sex: 'male', heightM: 1.8, weightKg: 80 });
    assert.deepEqual(demoPersonOf(bytes('{"sandbox": true, "sex": "female"}')), { sex: 'male', heightM: 1.8, weightKg: 80 });
  });

  it('lets the command line override any field, descriptor or not', () => {
    const descriptor = bytes('{"sandbox": true, "sex": "female", "heightM": 1.68, "weightKg": 64, "seed": 7}');
    assert.deepEqual(demoPersonOf(descriptor, { weightKg: 70, heightM: undefined }), { sex: 'female', heightM: 1.68, weightKg: 70 });
    assert.deepEqual(demoPersonOf(bytes('ply\n'), { sex: 'female', heightM: 1.6 }), { sex: 'female', heightM: 1.6, weightKg: 80 });
  });
});
