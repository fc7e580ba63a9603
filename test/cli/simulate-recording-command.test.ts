import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateRecordingFile } from '../../src/cli/simulate-recording-file.ts';
import { readCapture } from '../../src/processing/capture/read-capture.ts';
import { writeObj } from '../../src/processing/capture/write-obj.ts';
import { makeSyntheticBody } from '../../src/processing/synthetic-body/generate.ts';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'bodyscan.mjs');
const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });

describe('bodyscan simulate-recording', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'bodyscan-sim-'));
    // A body in centimetres with z up: the command puts it upright in metres before rendering.
    const body = makeSyntheticBody({ sex: 'male', heightM: 1.75, fatness: 0.5, seed: 3 });
    const p = body.mesh.positions;
    const zUpCm = new Float32Array(p.length);
    for (let i = 0; i < p.length; i += 3) { zUpCm[i] = 100 * p[i]; zUpCm[i + 1] = -100 * p[i + 2]; zUpCm[i + 2] = 100 * p[i + 1]; }
    writeFileSync(join(dir, 'body.obj'), writeObj({ positions: zUpCm, indices: body.mesh.indices }));
    writeFileSync(join(dir, 'ready.zip'), simulateRecordingFile(readFileSync(join(dir, 'body.obj')), { mode: 'turn', frames: 120, seed: 5 }).zip);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('renders a mesh file as a Stray Scanner recording ZIP that the service reads back as a recording', () => {
    const out = join(dir, 'walk.zip');
    const result = run(['simulate-recording', join(dir, 'body.obj'), '--mode', 'walk', '--out', out, '--frames', '6', '--seed', '4', '--odometry', 'header+intrinsics']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /wrote .*walk\.zip: 6 frames, walk, body 175\.\d cm tall/);
    const capture = readCapture(readFileSync(out));
    assert.equal(capture.format, 'stray-recording');
    assert.equal(capture.recording?.frames.length, 6);
    assert.equal(capture.recording?.variant.odometry, 'header+intrinsics');
  });

  it('explains its usage when the mode is missing, and exits 2', () => {
    const result = run(['simulate-recording', join(dir, 'body.obj'), '--out', join(dir, 'x.zip')]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /simulate-recording needs MESH --mode walk\|turn --out FILE\.zip/);
  });

  it('measures a simulated turn recording offline: reconstructed, then measured like any capture', () => {
    const result = spawnSync(process.execPath, [bin, 'measure', join(dir, 'ready.zip'), '--json'], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(result.status, 0, result.stderr);
    const measured = JSON.parse(result.stdout);
    assert.equal(measured.format, 'stray-recording');
    assert.equal(measured.diagnostics['recording.recordingMode'], 'turn');
    assert.ok(Math.abs(measured.statureM - 1.75) < 0.06, `stature ${measured.statureM}`);
    assert.ok(measured.measurements.waistFit > 0.6 && measured.measurements.waistFit < 1.2);
  });
});
