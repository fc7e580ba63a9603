import { zipSync, type Zippable } from 'fflate';
import type { DepthIntrinsics, PhoneRecording } from '../../domain/phone-recording.ts';
import { quaternionOfPose } from '../geometry/camera-pose.ts';
import { encodeGrey16Png, encodeGrey8Png, encodeUint16Npy } from './grey-png-encoder.ts';
import { RGB_HEIGHT, RGB_WIDTH } from './lidar-figures.ts';

/**
 * Writes a PhoneRecording as a ZIP in the Stray Scanner layout (the app's docs/format.md and its
 * encoders in StrayScanner/Helpers/):
 *   camera_matrix.csv   3 rows "fx, 0.0, cx" / "0.0, fy, cy" / "0.0, 0.0, 1.0" of the RGB image
 *   odometry.csv        one pose per frame, in one of the app's historical variants (below)
 *   imu.csv             "timestamp, a_x, a_y, a_z, alpha_x, alpha_y, alpha_z"
 *   depth/NNNNNN.png    16-bit grayscale mm (or .npy, the 2021 app versions)
 *   confidence/NNNNNN.png  8-bit grayscale 0/1/2
 * Odometry variants: 'header' (since Aug 2021: "timestamp, frame, x, y, z, qx, qy, qz, qw"),
 * 'header+intrinsics' (newer builds: ", fx, fy, cx, cy" of the RGB image appended per frame),
 * 'pose-header' (Mar-Aug 2021: "x, y, z, qx, qy, qz, qw"), 'headerless' (Feb 2021: the seven
 * pose columns, no header). The RGB matrix is the depth one scaled by 1920/width and 1440/height.
 * imu.csv carries gravity only (in g, in camera axes), enough for the layout: readers ignore it.
 */
export type OdometryVariant = 'header' | 'header+intrinsics' | 'pose-header' | 'headerless';

export interface WriteStrayOptions {
  odometry?: OdometryVariant;
  depthFormat?: 'png' | 'npy';
  /** Put every entry under this folder (as when the recording's folder itself is zipped). */
  folder?: string;
  /** Leave out files to make bad recordings: 'odometry', 'camera_matrix', 'confidence', 'imu'. */
  omit?: ReadonlyArray<'odometry' | 'camera_matrix' | 'confidence' | 'imu'>;
  /** Write odometry rows for only the first N frames (a recording with frames lacking poses). */
  odometryRows?: number;
}

/** Shortest round-trip text of a 32-bit float, as Swift prints a Float. */
function float32Text(value: number): string {
  const text = String(Math.fround(value));
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}

function rgbIntrinsicsOf(k: DepthIntrinsics, width: number, height: number): DepthIntrinsics {
  const sx = RGB_WIDTH / width;
  const sy = RGB_HEIGHT / height;
  return { fx: k.fx * sx, fy: k.fy * sy, cx: k.cx * sx, cy: k.cy * sy };
}

function odometryText(recording: PhoneRecording, variant: OdometryVariant, rows: number): string {
  const lines: string[] = [];
  if (variant === 'header') lines.push('timestamp, frame, x, y, z, qx, qy, qz, qw');
  if (variant === 'header+intrinsics') lines.push('timestamp, frame, x, y, z, qx, qy, qz, qw, fx, fy, cx, cy');
  if (variant === 'pose-header') lines.push('x, y, z, qx, qy, qz, qw');
  for (const frame of recording.frames.slice(0, rows)) {
    const m = frame.cameraToWorld;
    const q = quaternionOfPose(m);
    const pose = [m[12], m[13], m[14], q[0], q[1], q[2], q[3]].map(float32Text).join(', ');
    if (variant === 'pose-header' || variant === 'headerless') { lines.push(pose); continue; }
    const head = `${frame.timestampS.toFixed(6)}, ${String(frame.frame).padStart(6, '0')}, ${pose}`;
    if (variant === 'header') { lines.push(head); continue; }
    const k = rgbIntrinsicsOf(frame.intrinsics, recording.width, recording.height);
    lines.push(`${head}, ${[k.fx, k.fy, k.cx, k.cy].map(float32Text).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

function imuText(recording: PhoneRecording): string {
  const lines = ['timestamp, a_x, a_y, a_z, alpha_x, alpha_y, alpha_z'];
  for (const frame of recording.frames) {
    const m = frame.cameraToWorld;
    // World up (0, 1, 0) in camera axes is the second row of R; a resting accelerometer reads -1 g along it.
    const g = [-m[1], -m[5], -m[9]].map(float32Text).join(', ');
    lines.push(`${frame.timestampS.toFixed(6)}, ${g}, 0.0, 0.0, 0.0`);
  }
  return `${lines.join('\n')}\n`;
}

/** The ZIP bytes of the recording in the Stray layout (see the file comment for options). */
export function writeStrayRecording(recording: PhoneRecording, options: WriteStrayOptions = {}): Uint8Array {
  const omit = new Set(options.omit ?? []);
  const prefix = options.folder ? `${options.folder.replace(/\/+$/, '')}/` : '';
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);
  const files: Zippable = {};
  const { width, height } = recording;
  const first = recording.frames[0];
  if (!omit.has('camera_matrix') && first) {
    const k = rgbIntrinsicsOf(first.intrinsics, width, height);
    files[`${prefix}camera_matrix.csv`] = text(`${float32Text(k.fx)}, 0.0, ${float32Text(k.cx)}\n0.0, ${float32Text(k.fy)}, ${float32Text(k.cy)}\n0.0, 0.0, 1.0`);
  }
  if (!omit.has('odometry')) {
    files[`${prefix}odometry.csv`] = text(odometryText(recording, options.odometry ?? 'header', options.odometryRows ?? recording.frames.length));
  }
  if (!omit.has('imu')) files[`${prefix}imu.csv`] = text(imuText(recording));
  const npy = options.depthFormat === 'npy';
  for (const frame of recording.frames) {
    const name = String(frame.frame).padStart(6, '0');
    // PNG and NPY bytes are stored (level 0): PNG is already deflated, and the app's folder has no ZIP.
    files[`${prefix}depth/${name}.${npy ? 'npy' : 'png'}`] = [
      npy ? encodeUint16Npy(frame.depthMm, width, height) : encodeGrey16Png(frame.depthMm, width, height), { level: npy ? 6 : 0 },
    ];
    if (!omit.has('confidence') && frame.confidence) {
      files[`${prefix}confidence/${name}.png`] = [encodeGrey8Png(frame.confidence, width, height), { level: 0 }];
    }
  }
  return zipSync(files, { level: 6 });
}
