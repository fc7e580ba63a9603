/**
 * A phone depth recording as read from its upload (issue 11), before reconstruction. Read from the
 * Stray Scanner layout (read-stray-recording.ts), made by the recording simulator, consumed by
 * reconstruction (src/processing/recording-reconstruction/). Lives in domain so ReadCapture can carry it.
 *
 * Camera frame: OpenCV (x right, y down, z forward). World frame: ARKit's (metres, y up along gravity).
 */
export interface DepthIntrinsics {
  /** Pinhole parameters of the DEPTH map (pixels), already scaled from the RGB image's K. */
  fx: number;
  fy: number;
  cx: number;
  cy: number;
}

export interface DepthFrame {
  /** Frame number as in the file names / odometry `frame` column. */
  frame: number;
  timestampS: number;
  /** Row-major z-depth in millimetres (0 = no reading), width x height. */
  depthMm: Uint16Array;
  /** Row-major confidence 0 (low), 1 (medium), 2 (high), or null when the recording has none. */
  confidence: Uint8Array | null;
  /** Camera-to-world rigid transform, column-major 4x4 (metres). */
  cameraToWorld: Float64Array;
  intrinsics: DepthIntrinsics;
}

export interface PhoneRecording {
  /** Depth map size (pixels), the same for every frame. */
  width: number;
  height: number;
  frames: DepthFrame[];
  /** What the reader found, for diagnostics: e.g. { odometry: 'header+intrinsics', depth: 'png' }. */
  variant: Record<string, string>;
}
