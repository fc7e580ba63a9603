import { ProcessingFailure } from '../../../domain/processing-failure.ts';

/**
 * `odometry.csv` in each variant the Stray Scanner app has written (its OdometryEncoder.swift
 * history): one camera pose per frame, translation (m) and quaternion (qx, qy, qz, qw) of the
 * camera-to-world transform, camera axes OpenCV, world ARKit's.
 *   'header'            since Aug 2021: `timestamp, frame, x, y, z, qx, qy, qz, qw`
 *   'header+intrinsics' newer builds append `fx, fy, cx, cy` (the RGB image's, per frame) and
 *                       sometimes more columns (e.g. an empty `distortion_center_x`), ignored
 *   'pose-header'       Mar-Aug 2021: `x, y, z, qx, qy, qz, qw`
 *   'headerless'        Feb 2021: the seven pose columns and no header
 * Columns are found by header name, so their order and extra columns do not matter. Rows without
 * timestamp and frame get the row index as frame number and timestamp index / 60 s (the app
 * recorded at 60 frames per second then); `timestamps: 'assumed-60fps'` says so.
 */
export type OdometryVariant = 'header' | 'header+intrinsics' | 'pose-header' | 'headerless';

export interface OdometryTable {
  variant: OdometryVariant;
  /** Whether timestamps were read ('file') or assumed from the row index ('assumed-60fps'). */
  timestamps: 'file' | 'assumed-60fps';
  rows: number;
  frame: Int32Array;
  timestampS: Float64Array;
  /** x, y, z, qx, qy, qz, qw per row. */
  pose: Float64Array;
  /** fx, fy, cx, cy per row (RGB image pixels), or null when the file has none. */
  rgbIntrinsics: Float64Array | null;
}

const POSE_COLUMNS = ['x', 'y', 'z', 'qx', 'qy', 'qz', 'qw'];
const INTRINSIC_COLUMNS = ['fx', 'fy', 'cx', 'cy'];
const ASSUMED_FPS = 60;

function invalid(sentence: string): ProcessingFailure {
  return new ProcessingFailure('recording_invalid', sentence);
}

/** Splits on commas (the app writes ", "), trimming spaces and a trailing carriage return. */
function cells(line: string): string[] {
  return line.split(',').map((cell) => cell.trim());
}

/** Parses odometry.csv text; every problem is a recording_invalid sentence naming the line. */
export function parseOdometryCsv(text: string): OdometryTable {
  const lines = text.replace(/^\ufeff/, '').split('\n').map((line) => line.replace(/\r$/, '')).filter((line) => line.trim().length > 0);
  if (lines.length === 0) throw invalid('The recording\'s odometry.csv is empty: it holds no camera poses.');
  const first = cells(lines[0]);
  const hasHeader = first.some((cell) => cell !== '' && !Number.isFinite(Number(cell)));
  let column: Record<string, number>;
  let variant: OdometryVariant;
  if (hasHeader) {
    column = Object.fromEntries(first.map((name, index) => [name.toLowerCase(), index]));
    const missing = POSE_COLUMNS.filter((name) => column[name] === undefined);
    if (missing.length > 0) throw invalid(`The recording's odometry.csv header lacks the column(s) ${missing.join(', ')} (it has: ${first.join(', ')}).`);
    const hasIntrinsics = INTRINSIC_COLUMNS.every((name) => column[name] !== undefined);
    variant = column.timestamp === undefined ? 'pose-header' : hasIntrinsics ? 'header+intrinsics' : 'header';
  } else {
    if (first.length !== 7) throw invalid(`The recording's odometry.csv has no header and ${first.length} columns on line 1; a headerless file holds the seven columns x, y, z, qx, qy, qz, qw.`);
    column = Object.fromEntries(POSE_COLUMNS.map((name, index) => [name, index]));
    variant = 'headerless';
  }
  const body = hasHeader ? lines.slice(1) : lines;
  const rows = body.length;
  if (rows === 0) throw invalid('The recording\'s odometry.csv has a header but no camera poses.');
  const hasTime = column.timestamp !== undefined && column.frame !== undefined;
  const hasIntrinsics = variant === 'header+intrinsics';
  const table: OdometryTable = {
    variant, timestamps: hasTime ? 'file' : 'assumed-60fps', rows,
    frame: new Int32Array(rows), timestampS: new Float64Array(rows), pose: new Float64Array(7 * rows),
    rgbIntrinsics: hasIntrinsics ? new Float64Array(4 * rows) : null,
  };
  const lineOffset = hasHeader ? 2 : 1;
  const numberAt = (row: string[], name: string, r: number): number => {
    const text = row[column[name]];
    const value = text === undefined || text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) throw invalid(`The recording's odometry.csv line ${r + lineOffset} has ${text === undefined || text === '' ? 'no value' : `"${text}"`} in column ${name}, not a number.`);
    return value;
  };
  for (let r = 0; r < rows; r++) {
    const row = cells(body[r]);
    for (let k = 0; k < 7; k++) table.pose[7 * r + k] = numberAt(row, POSE_COLUMNS[k], r);
    const q = table.pose.subarray(7 * r + 3, 7 * r + 7);
    const norm = Math.hypot(q[0], q[1], q[2], q[3]);
    if (Math.abs(norm - 1) > 0.01) throw invalid(`The recording's odometry.csv line ${r + lineOffset} has a quaternion of length ${norm.toFixed(3)}; camera rotations are unit quaternions.`);
    if (hasTime) {
      table.timestampS[r] = numberAt(row, 'timestamp', r);
      const frame = numberAt(row, 'frame', r);
      if (!Number.isInteger(frame) || frame < 0) throw invalid(`The recording's odometry.csv line ${r + lineOffset} has frame "${row[column.frame]}", not a frame number.`);
      table.frame[r] = frame;
    } else {
      table.timestampS[r] = r / ASSUMED_FPS;
      table.frame[r] = r;
    }
    if (table.rgbIntrinsics) {
      for (let k = 0; k < 4; k++) {
        const value = numberAt(row, INTRINSIC_COLUMNS[k], r);
        if (!(value > 0)) throw invalid(`The recording's odometry.csv line ${r + lineOffset} has ${INTRINSIC_COLUMNS[k]} = ${value}; focal lengths and principal points are positive pixels.`);
        table.rgbIntrinsics[4 * r + k] = value;
      }
    }
  }
  return table;
}

/**
 * camera_matrix.csv: three rows of three numbers, K of the RGB image (fx 0 cx / 0 fy cy / 0 0 1),
 * as DatasetEncoder.writeIntrinsics writes it (the rows of the transposed column-major simd matrix).
 */
export function parseCameraMatrixCsv(text: string): { fx: number; fy: number; cx: number; cy: number } {
  const rows = text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0).map(cells);
  const values = rows.flat().map(Number);
  if (rows.length !== 3 || rows.some((row) => row.length !== 3) || values.some((v) => !Number.isFinite(v))) {
    throw invalid('The recording\'s camera_matrix.csv is not three rows of three numbers (the 3x3 camera matrix).');
  }
  const [fx, skew, cx, zero1, fy, cy, zero2, zero3, one] = values;
  if (!(fx > 0 && fy > 0 && cx > 0 && cy > 0) || Math.abs(one - 1) > 1e-6 || zero1 !== 0 || zero2 !== 0 || zero3 !== 0 || Math.abs(skew) > 1e-3 * fx) {
    throw invalid(`The recording's camera_matrix.csv is not a pinhole camera matrix (fx 0 cx / 0 fy cy / 0 0 1); it reads ${values.join(', ')}.`);
  }
  return { fx, fy, cx, cy };
}
