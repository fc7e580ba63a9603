/**
 * Geometry read from a capture file, before normalisation: file units, file axes.
 * positions: xyz interleaved (length 3n). indices: triangle vertex indices (length 3t) or null for
 * a point cloud. colors: rgb interleaved 0..255 (length 3n) or null. normals: xyz (length 3n) or null.
 */
export interface CaptureGeometry {
  positions: Float32Array;
  indices: Uint32Array | null;
  colors: Uint8Array | null;
  normals: Float32Array | null;
}

/** What a capture bundle's manifest (or nothing) says about the geometry. */
export interface CaptureHints {
  /** Length unit of the positions, when the capture says it. */
  unit?: 'm' | 'dm' | 'cm' | 'mm';
  /** Up axis of the positions, when the capture says it. */
  upAxis?: '+x' | '-x' | '+y' | '-y' | '+z' | '-z';
  device?: string;
  /**
   * The surface bridges gaps narrower than this (m): a phone recording's fused surface, closed at
   * 1 cm cells, joins an arm to the torso for a few centimetres below the armpit. Measuring then
   * takes the armpits from the fitted body model. Absent: gaps are as captured.
   */
  bridgedGapM?: number;
  /**
   * The capture never saw the tops of the shoulders (a phone recording held below shoulder height;
   * its reconstruction closes them with caps): measuring then takes the shoulder girth's level from
   * the fitted body model and completes the tape with the model's surface. Absent: tops as captured.
   */
  topsUnseen?: boolean;
  /**
   * The arms moved against the trunk while the capture was taken (a phone recording of a person
   * turning in place: the arms swing as they turn), so the captured arm is a blur of its positions:
   * measuring then reads the arm girths on the fitted body model's arm. Absent: the arms held still.
   */
  armsMoved?: boolean;
}
