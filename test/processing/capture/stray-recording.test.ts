import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 as crc, deflateSync } from 'node:zlib';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { PNG } from 'pngjs';
import { readCapture } from '../../../src/processing/capture/read-capture.ts';
import { decodeGreyPng } from '../../../src/processing/capture/stray-recording/grey-image-decoder.ts';
import { simulateRecording } from '../../../src/processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording, type OdometryVariant } from '../../../src/processing/recording-simulator/write-stray-recording.ts';
import { encodeGrey16Png, encodeGrey8Png } from '../../../src/processing/recording-simulator/grey-png-encoder.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';
import type { PhoneRecording } from '../../../src/domain/phone-recording.ts';
import { assertCaptureFailure, text } from '../../support/capture-assertions.ts';
import { buildZip } from '../../support/zip-builder.ts';

const body = makeSyntheticBody({ sex: 'female', heightM: 1.66, fatness: 0.4, seed: 9 });
const simulated = simulateRecording({ positionsM: body.mesh.positions, indices: body.mesh.indices }, { mode: 'turn', seed: 21, frames: 8 });
const original = simulated.recording;

function read(zip: Uint8Array, limits?: Parameters<typeof readCapture>[1]): PhoneRecording {
  const capture = readCapture(zip, limits);
  assert.equal(capture.format, 'stray-recording');
  assert.equal(capture.geometry.positions.length, 0);
  assert.ok(capture.recording);
  return capture.recording;
}

/** The recording's files, to be edited and zipped again. */
function files(options: Parameters<typeof writeStrayRecording>[1] = {}): Record<string, Uint8Array> {
  return unzipSync(writeStrayRecording(original, options));
}

function rezip(entries: Record<string, Uint8Array>): Uint8Array {
  return zipSync(entries as Zippable, { level: 1 });
}

function assertSameRecording(read: PhoneRecording, frames = original.frames): void {
  assert.equal(read.width, 256);
  assert.equal(read.height, 192);
  assert.equal(read.frames.length, frames.length);
  read.frames.forEach((frame, i) => {
    const expected = frames[i];
    assert.equal(frame.frame, expected.frame);
    assert.deepEqual(frame.depthMm, expected.depthMm);
    assert.deepEqual(frame.confidence, expected.confidence);
    for (let k = 0; k < 16; k++) assert.ok(Math.abs(frame.cameraToWorld[k] - expected.cameraToWorld[k]) < 1e-6, `frame ${i} pose element ${k}`);
    for (const key of ['fx', 'fy', 'cx', 'cy'] as const) assert.ok(Math.abs(frame.intrinsics[key] - expected.intrinsics[key]) < 1e-3, key);
  });
}

describe('Stray Scanner recordings: the formats the app has written', () => {
  for (const odometry of ['header', 'header+intrinsics', 'pose-header', 'headerless'] as OdometryVariant[]) {
    for (const depthFormat of ['png', 'npy'] as const) {
      it(`reads ${odometry} odometry with ${depthFormat} depth maps: same depth, confidence, poses and intrinsics`, () => {
        const recording = read(writeStrayRecording(original, { odometry, depthFormat }));
        assertSameRecording(recording);
        assert.equal(recording.variant.odometry, odometry);
        assert.equal(recording.variant.depth, depthFormat);
        assert.equal(recording.variant.intrinsics, odometry === 'header+intrinsics' ? 'per-frame' : 'camera_matrix');
        if (odometry === 'header' || odometry === 'header+intrinsics') {
          assert.ok(Math.abs(recording.frames[3].timestampS - original.frames[3].timestampS) < 1e-6);
        } else {
          assert.equal(recording.variant.timestamps, 'assumed-60fps');
          assert.ok(Math.abs(recording.frames[3].timestampS - 3 / 60) < 1e-9);
        }
      });
    }
  }

  it('reads a recording zipped with its folder (one top folder, Finder junk beside it) and ignores rgb.mp4 and imu.csv', () => {
    const entries = files({ folder: '8f2c1e9a07' });
    entries['8f2c1e9a07/rgb.mp4'] = new Uint8Array(4096).fill(7);
    entries['__MACOSX/8f2c1e9a07/._odometry.csv'] = text('junk');
    entries['8f2c1e9a07/.DS_Store'] = text('junk');
    const recording = read(rezip(entries));
    assertSameRecording(recording);
    assert.equal(recording.variant.folder, '8f2c1e9a07');
  });

  it('reads the app\'s own number formats: trailing empty columns, CRLF line ends, a byte order mark, per-frame intrinsics winning over camera_matrix.csv', () => {
    const entries = files({ odometry: 'header+intrinsics' });
    const lines = new TextDecoder().decode(entries['odometry.csv']).trim().split('\n');
    const edited = [`${lines[0]}, distortion_center_x, distortion_center_y`, ...lines.slice(1).map((line) => `${line}, , `)].join('\r\n');
    entries['odometry.csv'] = text(`\ufeff${edited}\r\n`);
    entries['camera_matrix.csv'] = text('1500.0, 0.0, 960.0\n0.0, 1500.0, 720.0\n0.0, 0.0, 1.0');
    const recording = read(rezip(entries));
    assertSameRecording(recording);
    assert.equal(recording.variant.odometry, 'header+intrinsics');
    assert.ok(Math.abs(recording.frames[5].timestampS - original.frames[5].timestampS) < 1e-6);
  });

  it('leaves confidence null when the recording has no confidence folder', () => {
    const recording = read(writeStrayRecording(original, { omit: ['confidence'] }));
    assert.ok(recording.frames.every((frame) => frame.confidence === null));
    assert.equal(recording.variant.confidence, 'none');
  });

  it('drops a last depth map that has no pose (the app may save one after its last odometry row)', () => {
    const recording = read(writeStrayRecording(original, { odometryRows: 7 }));
    assert.equal(recording.frames.length, 7);
    assert.equal(recording.variant.framesWithoutPose, '1');
  });

  it('thins a long recording to the frame limit, evenly, keeping the first and last frames', () => {
    const recording = read(writeStrayRecording(original), { maxRecordingFrames: 4 });
    assert.deepEqual(recording.frames.map((frame) => frame.frame), [0, 2, 5, 7]);
    assert.equal(recording.variant.thinnedTo, '4');
  });

  it('takes a ZIP with manifest.json for a capture bundle even when it holds a depth folder', () => {
    const zip = buildZip([{ name: 'manifest.json', data: text('{"format":"bodyscan-capture","version":1,"body":"body.ply"}') }, { name: 'depth/000000.png', data: encodeGrey16Png(original.frames[0].depthMm, 256, 192) }]);
    assertCaptureFailure(() => readCapture(zip), 'capture_bundle_invalid');
  });
});

describe('Stray Scanner recordings: geometry conventions', () => {
  it('puts every depth pixel back on the body surface with the poses and intrinsics it returns (OpenCV camera, ARKit world)', () => {
    // An ideal sensor, no drift: only the 1 mm / 0.05 degree odometry jitter separates read poses from the truth.
    const walk = simulateRecording({ positionsM: body.mesh.positions, indices: body.mesh.indices }, { mode: 'walk', seed: 3, frames: 24, sensorNoise: false, drift: false });
    const recording = read(writeStrayRecording(walk.recording, { odometry: 'headerless', folder: 'rec' }));
    const bodyToWorld = walk.truth.bodyToWorld[0];
    const surface = new Float64Array(body.mesh.positions.length);
    for (let i = 0; i < surface.length; i += 3) {
      const x = body.mesh.positions[i], y = body.mesh.positions[i + 1], z = body.mesh.positions[i + 2];
      for (let k = 0; k < 3; k++) surface[i + k] = bodyToWorld[k] * x + bodyToWorld[4 + k] * y + bodyToWorld[8 + k] * z + bodyToWorld[12 + k];
    }
    const floorY = bodyToWorld[13];
    const distances: number[] = [];
    for (const f of [0, 6, 12, 18]) {
      const frame = recording.frames[f];
      const { fx, fy, cx, cy } = frame.intrinsics;
      const m = frame.cameraToWorld;
      for (let v = 2; v < 192; v += 9) {
        for (let u = 2; u < 256; u += 9) {
          const z = frame.depthMm[v * 256 + u] / 1000;
          if (z === 0) continue;
          const xc = ((u - cx) / fx) * z, yc = ((v - cy) / fy) * z;
          const wx = m[0] * xc + m[4] * yc + m[8] * z + m[12];
          const wy = m[1] * xc + m[5] * yc + m[9] * z + m[13];
          const wz = m[2] * xc + m[6] * yc + m[10] * z + m[14];
          if (wy - floorY < 0.03) continue; // the floor
          let nearest = Number.POSITIVE_INFINITY;
          for (let i = 0; i < surface.length; i += 3) {
            const d = (surface[i] - wx) ** 2 + (surface[i + 1] - wy) ** 2 + (surface[i + 2] - wz) ** 2;
            if (d < nearest) nearest = d;
          }
          distances.push(Math.sqrt(nearest));
        }
      }
    }
    distances.sort((a, b) => a - b);
    assert.ok(distances.length > 200, `${distances.length} body pixels checked`);
    // Distances are to the nearest mesh vertex (vertices lie 5-8 mm apart, more on the end caps).
    const median = distances[distances.length >> 1];
    assert.ok(median < 0.004, `median distance to the body surface ${(median * 1000).toFixed(1)} mm`);
    assert.ok(distances[distances.length - 1] < 0.015, `farthest pixel from the body surface: ${(distances[distances.length - 1] * 1000).toFixed(1)} mm`);
  });
});

describe('Stray Scanner recordings: PNG maps', () => {
  it('decodes 16-bit and 8-bit grayscale PNGs written with every PNG row filter (pngjs as the independent encoder)', () => {
    const width = 16, height = 12;
    const depth = new Uint16Array(width * height).map((_, i) => (i * 2654435761) % 65536);
    const levels = new Uint8Array(width * height).map((_, i) => (i * 7) % 3);
    for (const filterType of [0, 1, 2, 3, 4]) {
      const png16 = new PNG({ width, height });
      (png16 as unknown as { data: Uint16Array }).data = depth;
      const bytes16 = PNG.sync.write(png16, { colorType: 0, inputColorType: 0, bitDepth: 16, inputHasAlpha: false, filterType });
      assert.deepEqual(decodeGreyPng(bytes16, 'depth.png', 1e6).samples, depth, `16-bit, filter ${filterType}`);
      const png8 = new PNG({ width, height });
      png8.data = Buffer.from(levels);
      const bytes8 = PNG.sync.write(png8, { colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false, filterType });
      assert.deepEqual(decodeGreyPng(bytes8, 'confidence.png', 1e6).samples, levels, `8-bit, filter ${filterType}`);
    }
  });

  it('writes depth PNGs that an independent decoder (pngjs) reads as the same millimetres', () => {
    const decoded = PNG.sync.read(Buffer.from(encodeGrey16Png(original.frames[2].depthMm, 256, 192)), { skipRescale: true });
    const samples = decoded.data as unknown as Uint16Array;
    for (let i = 0; i < 256 * 192; i += 97) assert.equal(samples[4 * i], original.frames[2].depthMm[i]);
  });
});

describe('Stray Scanner recordings: bad recordings fail with a code and a sentence', () => {
  it('fails without odometry.csv: the camera poses are missing', () => {
    assertCaptureFailure(() => readCapture(writeStrayRecording(original, { omit: ['odometry'] })), 'recording_invalid', /no odometry\.csv/);
  });

  it('fails without intrinsics: no camera_matrix.csv and no per-frame fx, fy, cx, cy', () => {
    assertCaptureFailure(() => readCapture(writeStrayRecording(original, { omit: ['camera_matrix'] })), 'recording_invalid', /intrinsics are missing/);
  });

  it('fails when frames have no pose in odometry.csv', () => {
    assertCaptureFailure(() => readCapture(writeStrayRecording(original, { odometryRows: 4 })), 'recording_invalid', /has 4 of its 8 depth maps without a pose/);
  });

  it('fails when a depth map has the wrong size', () => {
    const entries = files();
    entries['depth/000005.png'] = encodeGrey16Png(new Uint16Array(128 * 96).fill(1500), 128, 96);
    assertCaptureFailure(() => readCapture(rezip(entries)), 'recording_invalid', /depth\/000005\.png is 128x96 but its first depth map is 256x192/);
  });

  it('fails when the depth maps do not have the camera image\'s shape', () => {
    const entries = files({ omit: ['confidence'] });
    for (const name of Object.keys(entries)) if (name.startsWith('depth/')) entries[name] = encodeGrey16Png(new Uint16Array(200 * 200).fill(1500), 200, 200);
    assertCaptureFailure(() => readCapture(rezip(entries)), 'recording_invalid', /wrong depth map size/);
  });

  it('fails when a confidence map is not the depth map\'s size or holds levels above 2', () => {
    const small = files();
    small['confidence/000001.png'] = encodeGrey8Png(new Uint8Array(64 * 48), 64, 48);
    assertCaptureFailure(() => readCapture(rezip(small)), 'recording_invalid', /confidence\/000001\.png is 64x48/);
    const scaled = files();
    scaled['confidence/000002.png'] = encodeGrey8Png(new Uint8Array(256 * 192).fill(255), 256, 192);
    assertCaptureFailure(() => readCapture(rezip(scaled)), 'recording_invalid', /value 255; confidence levels are 0, 1 and 2/);
  });

  it('fails on an odometry.csv with a damaged row, naming the line', () => {
    const entries = files();
    const lines = new TextDecoder().decode(entries['odometry.csv']).split('\n');
    lines[3] = lines[3].replace(/, [^,]+$/, ', oops');
    entries['odometry.csv'] = text(lines.join('\n'));
    assertCaptureFailure(() => readCapture(rezip(entries)), 'recording_invalid', /line 4 has "oops" in column qw/);
    lines[3] = lines[3].replace(/oops$/, '7');
    entries['odometry.csv'] = text(lines.join('\n'));
    assertCaptureFailure(() => readCapture(rezip(entries)), 'recording_invalid', /quaternion of length/);
  });

  it('fails on a recording without depth maps, or mixing PNG and NPY maps', () => {
    const noDepth = files();
    for (const name of Object.keys(noDepth)) if (name.startsWith('depth/')) delete noDepth[name];
    assertCaptureFailure(() => readCapture(rezip(noDepth)), 'recording_invalid', /no depth maps/);
    const mixed = files();
    mixed['depth/000003.npy'] = unzipSync(writeStrayRecording(original, { depthFormat: 'npy' }))['depth/000003.npy'];
    delete mixed['depth/000003.png'];
    assertCaptureFailure(() => readCapture(rezip(mixed)), 'recording_invalid', /mixes \.png and \.npy/);
  });
});

describe('Stray Scanner recordings: zip bombs', () => {
  const names = Object.entries(files());

  it('refuses a depth map entry that declares more bytes than a 256x192 map can need, before inflating it', () => {
    const bomb = new Uint8Array(50 * 1024 * 1024);
    const entries = names.map(([name, data]) => (name === 'depth/000004.png' ? { name, data: bomb } : { name, data }));
    assertCaptureFailure(() => readCapture(buildZip(entries)), 'capture_too_large', /depth\/000004\.png declares 52428800 bytes; a 256x192 depth map needs at most \d+/);
  });

  it('refuses a PNG whose image data inflates beyond what its 256x192 header allows', () => {
    const pixels = deflateSync(new Uint8Array(40 * 1024 * 1024));
    const good = encodeGrey16Png(original.frames[4].depthMm, 256, 192);
    // Keep the signature and IHDR (8 + 25 bytes) and splice in the oversized IDAT and IEND.
    const chunk = (type: string, data: Uint8Array): Uint8Array => {
      const out = new Uint8Array(12 + data.length);
      new DataView(out.buffer).setUint32(0, data.length);
      out.set(text(type), 4);
      out.set(data, 8);
      new DataView(out.buffer).setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
      return out;
    };
    const png = new Uint8Array([...good.subarray(0, 33), ...chunk('IDAT', pixels), ...chunk('IEND', new Uint8Array(0))]);
    const entries = names.map(([name, data]) => ({ name, data: name === 'depth/000004.png' ? png : data }));
    assertCaptureFailure(() => readCapture(buildZip(entries)), 'capture_too_large', /depth\/000004\.png inflates to more than the 98496 bytes/);
  });

  it('refuses an odometry.csv declaring far more text than its frames need', () => {
    const entries = names.map(([name, data]) => ({ name, data: name === 'odometry.csv' ? new Uint8Array(30 * 1024 * 1024).fill(0x20) : data }));
    assertCaptureFailure(() => readCapture(buildZip(entries)), 'capture_too_large', /odometry\.csv declares/);
  });
});
