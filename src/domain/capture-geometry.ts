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
   * The capture holds no floor: whatever stood under the person was removed before it got here (a
   * phone recording's reconstruction cuts the floor and stands the body on y = 0). Measuring then
   * looks for no floor plane in it, and its lowest points are the soles. Why: on simulated turns the
   * floor search found a "floor" in 19 of 64 reconstructions (remnants of the floor fused round the
   * feet, or the feet's own flat bottoms) and cut the body 1 cm above it: two turns of one body stood
   * up to 22 mm apart in height, with every landmark. Absent: a floor is searched for.
   */
  floorRemoved?: boolean;
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
  /**
   * The capture's fused thighs scatter between two captures of one body by more than a fitted body
   * model's (a phone recording of a person turning in place: registered on the body's own surface,
   * one thigh hidden behind the other for half the turn): measuring then reads the upper thigh and
   * thigh girths on the fitted body model. Absent: thighs as captured.
   */
  thighsScattered?: boolean;
  /**
   * The capture's fused surface scatters by millimetres from plane to plane, differently on each
   * capture of one body (a phone recording of a person turning in place, registered frame to frame on
   * the body's own surface): measuring then reads the torso girths below the armpits, the lower
   * thighs and the calves as the fitted body model's tape plus the capture's mean offset from the
   * model over the planes within 2 cm. Absent: one cut of the capture.
   */
  surfaceScattered?: boolean;
  /**
   * The capture's chest and upper chest girths scatter between captures of one body, each read on one
   * cut of a fused surface near the bust, where the girth changes fast with height (a phone
   * recording walked round the person: on simulated walks, two walks of one body read the chest more
   * than 5 mm apart on 9 of 64 bodies, the upper chest on 13): measuring then reads those two girths
   * as the fitted body model's tape plus the capture's mean offset from the model over the planes
   * within 2 cm, as surfaceScattered does for more girths. Absent: one cut of the capture.
   */
  chestScattered?: boolean;
  /**
   * Where the capture's closed surface was made up rather than seen (a phone recording: caps over
   * the shoulders and the crown, never seen from chest height; feet blended with the floor by the
   * depth sensor's smoothing): the volume then takes the fitted body model's surface there and the
   * capture's offset from the model everywhere else. Absent: a closed surface's own volume.
   */
  unseenSurface?: UnseenSurface;
}

/** The made-up parts of a capture's surface, as places on the fitted body model (canonical frame: y up, soles at y = 0). */
export interface UnseenSurface {
  /** Model surface facing up: the vertical component of its outward unit normal above this (0.5: tilted more than 30° from vertical toward the sky). */
  upFacingNormalY: number;
  /** Model surface lower than this above the soles (m): the feet. */
  feetBelowM: number;
}
