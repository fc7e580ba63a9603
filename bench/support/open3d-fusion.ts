// Runs Open3D's ScalableTSDFVolume (bench/support/open3d-tsdf.py, Debian's python3-open3d under
// /usr/bin/python3) on a phone recording and reads its mesh back: the peer in the recording
// benchmark and accuracy evaluation. The recording is handed over as raw depth + poses in a
// scratch directory; the mesh comes back as PLY through our own reader.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CaptureGeometry } from '../../src/domain/capture-geometry.ts';
import type { PhoneRecording } from '../../src/domain/phone-recording.ts';
import { readCapture } from '../../src/processing/capture/read-capture.ts';

export interface Open3dFusion {
  /** Open3D's mesh (metres, the recording's world frame). */
  geometry: CaptureGeometry;
  integrateMs: number;
  extractMs: number;
  /** Wall time of the whole child process, including Python start-up and file I/O. */
  processMs: number;
}

const script = resolve(import.meta.dirname, 'open3d-tsdf.py');

/** Fuses `recording` with Open3D at voxel voxelM and truncation truncM (m), using `scratchDir`. */
export function fuseWithOpen3d(recording: PhoneRecording, scratchDir: string, voxelM = 0.005, truncM = 0.015): Open3dFusion {
  const dir = join(scratchDir, `o3d-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const depth = new Uint16Array(recording.width * recording.height * recording.frames.length);
  recording.frames.forEach((f, i) => depth.set(f.depthMm, i * recording.width * recording.height));
  writeFileSync(join(dir, 'depth.bin'), new Uint8Array(depth.buffer));
  writeFileSync(join(dir, 'meta.json'), JSON.stringify({
    width: recording.width, height: recording.height, voxel_m: voxelM, trunc_m: truncM,
    frames: recording.frames.map((f) => ({ fx: f.intrinsics.fx, fy: f.intrinsics.fy, cx: f.intrinsics.cx, cy: f.intrinsics.cy, camera_to_world: [...f.cameraToWorld] })),
  }));
  const started = performance.now();
  // One thread, like ours: Open3D's integration is OpenMP-parallel otherwise.
  const out = execFileSync('/usr/bin/python3', [script, dir], { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, OMP_NUM_THREADS: '1' } });
  const processMs = performance.now() - started;
  const stats = JSON.parse(out.trim().split('\n').pop()!) as { integrate_ms: number; extract_ms: number };
  const read = readCapture(readFileSync(join(dir, 'mesh.ply')));
  return { geometry: read.geometry, integrateMs: stats.integrate_ms, extractMs: stats.extract_ms, processMs };
}
