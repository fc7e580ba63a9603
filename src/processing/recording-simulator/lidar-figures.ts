/**
 * Every number the recording simulator's sensor and motion models use, with where it comes from.
 * "Source" means a document we read; "assumption" means a value we chose, stated as such so nobody
 * mistakes it for a measurement. docs/capture-format.md repeats this table in prose.
 */

/**
 * The RGB camera matrix of a real Stray Scanner recording (1920 x 1440 image, pixels), as quoted in
 * a public test fixture built from a real capture (fx = fy = 1402.2333, cx = 968.371,
 * cy = 719.6846). The depth map's K is this scaled by 256/1920 and 192/1440, as the app's own
 * visualiser (StrayVisualizer, `_resize_camera_matrix`) does.
 */
export const IPHONE_RGB_INTRINSICS = { fx: 1402.2333, fy: 1402.2333, cx: 968.371, cy: 719.6846 } as const;
export const RGB_WIDTH = 1920;
export const RGB_HEIGHT = 1440;
/** Depth map size of every LiDAR iPhone/iPad (source: the app's docs/format.md, 256 x 192). */
export const DEPTH_WIDTH = 256;
export const DEPTH_HEIGHT = 192;

/** Range of the LiDAR Scanner: "up to 5 meters" (source: Apple's iPad Pro 2020 announcement, as quoted by vGIS, 2020). */
export const LIDAR_MAX_RANGE_M = 5;

/**
 * Random depth noise, one standard deviation, proportional to range (a time-of-flight sensor's
 * photon count falls with distance). 0.25% of range per pixel plus 0.15% of range shared by each
 * 4 x 4 block: about 4.4 mm at 1.5 m and 5.8 mm at 2 m, so two standard deviations stay near the
 * +-1 cm absolute accuracy reported for the iPhone 12 Pro LiDAR (Luetzenburg et al. 2021,
 * Sci Rep 11:22221; the figure as we remember its abstract: the paper itself could not be re-read
 * for this model) and above the < 1 mm plane-fit scatter of static, app-fused iPad Pro scans
 * (Teo & Yang 2023, Developments in the Built Environment 14:100169, checked in its abstract),
 * which is after fusion.
 * The split between per-pixel and per-block noise is an assumption.
 */
export const NOISE_PER_PIXEL_PER_M = 0.0025;
export const NOISE_PER_BLOCK_PER_M = 0.0015;
/** Noise grows as 1/cos(incidence) on slanted surfaces, capped at this factor (assumption). */
export const GRAZING_NOISE_CAP = 3;

/**
 * The map's fine detail is smoothed over 4 x 4 pixels: the 256 x 192 map is densified from a much
 * sparser grid of laser spots (a few hundred per frame; the 576-dot figure widely quoted from
 * teardowns of the 2020 iPad Pro was not checked for this model). Kernel weights [1, 2, 2, 2, 1] / 8 per axis (a centred,
 * four-pixel-wide window); neighbours more than SAME_SURFACE_M away in depth are left out so
 * silhouettes stay sharp (flying pixels are modelled separately). The kernel is an assumption.
 */
export const SMOOTHING_WEIGHTS = [1, 2, 2, 2, 1] as const;
export const SAME_SURFACE_M = 0.03;
export const BLOCK_PIXELS = 4;

/**
 * Flying pixels: at a depth jump larger than EDGE_JUMP_M, a pixel on either side reads a depth
 * between the two surfaces with probability FLYING_PIXEL_PROBABILITY (a time-of-flight pixel that
 * straddles an edge mixes both returns; e.g. Reynolds et al. 2011, "Capturing time-of-flight data
 * with confidence", CVPR, cited for the effect, not for a figure). 80% of them are marked low confidence, the rest medium, so filtering by
 * confidence alone does not remove them all. Probabilities are assumptions.
 */
export const EDGE_JUMP_M = 0.08;
export const FLYING_PIXEL_PROBABILITY = 0.5;
export const FLYING_PIXEL_LOW_CONFIDENCE_SHARE = 0.8;

/**
 * Confidence levels (ARKit's ARConfidenceLevel: 0 low, 1 medium, 2 high; the app writes them as
 * is). High by default; medium beyond MEDIUM_BEYOND_M, at incidence with cos below
 * MEDIUM_BELOW_COS, or next to a depth jump; low beyond the 5 m range, at cos below
 * LOW_BELOW_COS, or on flying pixels. Thresholds are assumptions.
 */
export const MEDIUM_BEYOND_M = 3.5;
export const MEDIUM_BELOW_COS = 0.35;
export const LOW_BELOW_COS = 0.12;

/** Depth is stored as round(metres x 1000) in 16 bits (source: the app's PngEncoder.mm). */
export const DEPTH_STORAGE_MM_PER_M = 1000;

/**
 * Odometry drift of a hand-held walk: the recorded world frame wanders from the true one as a
 * random walk per metre walked, 5 mm per sqrt(m) in position and 0.25 degrees per sqrt(m) about
 * the vertical, plus 1 mm / 0.05 degrees of frame-to-frame jitter. Assumption, sized so that a
 * 10 m circle ends about 1.5 cm and 0.8 degrees off: the order of the ~1 cm spread Teo & Yang
 * (2023) report for iPad Pro point clouds captured while moving, against < 1 mm static.
 */
export const DRIFT_POSITION_M_PER_SQRT_M = 0.005;
export const DRIFT_YAW_DEG_PER_SQRT_M = 0.25;
export const POSE_JITTER_M = 0.001;
export const POSE_JITTER_DEG = 0.05;

/** Hand shake of the walking operator: smooth wobble of 1 cm and 1 degree (assumption). */
export const HAND_SHAKE_M = 0.01;
export const HAND_SHAKE_DEG = 1;

/**
 * A person turning in place: postural sway of standing adults is of the order of 5-10 mm (centre
 * of pressure excursions in quiet stance; e.g. Prieto et al. 1996, IEEE Trans Biomed Eng 43:956);
 * turning on the spot adds stepping, so we use 12 mm sinusoidal sway in both horizontal axes, an
 * axis tilted 2 degrees off vertical, +-30% speed variation and +-3 degrees of arm movement at
 * the shoulders. All but the quiet-stance order of magnitude are assumptions.
 */
export const TURN_SWAY_M = 0.012;
export const TURN_AXIS_TILT_DEG = 2;
export const TURN_SPEED_VARIATION = 0.3;
export const TURN_ARM_SWING_DEG = 3;
