/**
 * Completes a girth contour across a hole in the capture from a model's contour on the same plane.
 *
 * A tape goes round the body whether or not the scanner saw every part of it. Where the capture has
 * no surface on part of a cut (the lower back out of the scanner's view, the crotch, an armpit), a
 * straight chord across the gap cuts the body's curve off (−50 mm at the hips with a third of the
 * back missing). The fitted body model has surface there; this module puts the model's contour in
 * the gap, shifted to meet the capture at the gap's two ends.
 *
 * Method (plane coordinates u, v, metres):
 * 1. the model's cut is given as segments; its radius r_M(θ) around the mean of the segments' ends
 *    is tabulated at 1° (outermost crossing of each ray with a segment);
 * 2. each observed capture point gives an offset δ = r − r_M(θ); the median per 5° bin is kept,
 *    clamped to ±1 cm;
 * 3. every model point flagged as lying in a hole, at an angle where the capture's contour has no
 *    point (2° bins, and their neighbours), is moved radially by the offset interpolated,
 *    by angle, between the nearest offset bins on either side of it (the gap's two ends). The
 *    angle test keeps a model that strays from the capture by more than the hole radius (a poor
 *    fit, not a hole: the capture's contour is there, elsewhere) from adding to the girth. A model
 *    fitted to the visible surface is off by a few millimetres locally; this keeps the completed
 *    contour continuous with the observed one instead of stepping at the gap's ends.
 * The caller hulls the observed points and the returned fill points together.
 */

const RADIUS_BINS = 360;
const OFFSET_BINS = 72;
/** Angular bins (2°) telling a gap in the capture's contour from observed angles. */
const GAP_BINS = 180;
/**
 * Largest shift of the model's contour onto the capture's (m). The fit's residual is 2-4 mm RMS; a
 * larger offset at a gap's end is a cut point that is not the contour (a stray point, a fold), and
 * the model's own contour is then the better guess.
 */
const MAX_OFFSET_M = 0.01;

/** Mean of the first n points (u, v interleaved). */
function centroid(points: ArrayLike<number>, n: number): [number, number] {
  let cu = 0, cv = 0;
  for (let i = 0; i < n; i++) { cu += points[2 * i]; cv += points[2 * i + 1]; }
  return [cu / n, cv / n];
}

function angleOf(u: number, v: number): number {
  const a = Math.atan2(v, u);
  return a < 0 ? a + 2 * Math.PI : a;
}

/**
 * Radius of the model contour around (cu, cv) at RADIUS_BINS ray angles: the farthest crossing of
 * each ray with a segment; NaN where no segment crosses the ray (filled by the caller).
 */
function modelRadii(segments: ArrayLike<number>, segmentCount: number, cu: number, cv: number): Float64Array {
  const radii = new Float64Array(RADIUS_BINS).fill(Number.NaN);
  const step = (2 * Math.PI) / RADIUS_BINS;
  for (let s = 0; s < segmentCount; s++) {
    const au = segments[4 * s] - cu, av = segments[4 * s + 1] - cv, bu = segments[4 * s + 2] - cu, bv = segments[4 * s + 3] - cv;
    let ta = angleOf(au, av), tb = angleOf(bu, bv);
    // Walk the shorter way round from a to b.
    let span = tb - ta;
    if (span > Math.PI) { span -= 2 * Math.PI; } else if (span < -Math.PI) { span += 2 * Math.PI; }
    if (span < 0) { [ta, tb] = [tb, ta]; span = -span; }
    const first = Math.ceil(ta / step), last = Math.floor((ta + span) / step);
    for (let k = first; k <= last; k++) {
      const theta = k * step, du = Math.cos(theta), dv = Math.sin(theta);
      // Ray t·(du, dv) meets segment a + s·(b − a): solve with 2D cross products.
      const eu = bu - au, ev = bv - av;
      const denom = du * ev - dv * eu;
      if (Math.abs(denom) < 1e-15) continue;
      const t = (au * ev - av * eu) / denom;
      if (!(t > 0)) continue;
      const bin = ((k % RADIUS_BINS) + RADIUS_BINS) % RADIUS_BINS;
      if (!(radii[bin] >= t)) radii[bin] = t;
    }
  }
  return radii;
}

/** Fills NaN entries of a circular table by linear interpolation between the nearest defined ones. */
function fillCircular(table: Float64Array): boolean {
  const n = table.length;
  const defined: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(table[i])) defined.push(i);
  if (defined.length === 0) return false;
  for (let j = 0; j < defined.length; j++) {
    const a = defined[j], b = defined[(j + 1) % defined.length];
    const gap = (b - a + n) % n || n;
    for (let k = 1; k < gap; k++) table[(a + k) % n] = table[a] + ((table[b] - table[a]) * k) / gap;
  }
  return true;
}

/** Table value at angle θ (linear between entries). */
function tableAt(table: Float64Array, theta: number): number {
  const n = table.length, x = (theta / (2 * Math.PI)) * n;
  const i = Math.floor(x), f = x - i;
  return table[((i % n) + n) % n] * (1 - f) + table[(((i + 1) % n) + n) % n] * f;
}

export interface ModelContour {
  /** Segments of the model's cut, (u1, v1, u2, v2) each. */
  segments: ArrayLike<number>;
  segmentCount: number;
  /** Model contour points to draw the fill from (u, v interleaved; any subset of the contour). */
  points: ArrayLike<number>;
  pointCount: number;
  /** Per model point: 1 where the capture has no surface near it (a hole), else 0. */
  hole: ArrayLike<number>;
}

/**
 * Fill points (u, v interleaved) for the holes of a contour: the model's hole points moved onto the
 * capture's contour (module comment). Empty when no model point is in a hole. `observed` are the
 * capture's contour points on the same plane.
 */
export function completeContour(observed: ArrayLike<number>, observedCount: number, model: ModelContour): Float64Array {
  let holes = 0;
  for (let i = 0; i < model.pointCount; i++) if (model.hole[i]) holes++;
  if (holes === 0 || model.segmentCount < 2) return new Float64Array(0);
  // The polar origin: the mean of the segments' ends (the fill candidates may crowd at a hole).
  const [cu, cv] = centroid(model.segments, 2 * model.segmentCount);
  const radii = modelRadii(model.segments, model.segmentCount, cu, cv);
  if (!fillCircular(radii)) return new Float64Array(0);
  // Offsets of the capture from the model: the median per 5° bin (noise and stray points average
  // out), clamped to ±MAX_OFFSET_M.
  const perBin: number[][] = Array.from({ length: OFFSET_BINS }, () => []);
  for (let i = 0; i < observedCount; i++) {
    const u = observed[2 * i] - cu, v = observed[2 * i + 1] - cv;
    const theta = angleOf(u, v);
    const bin = Math.min(OFFSET_BINS - 1, Math.floor((theta / (2 * Math.PI)) * OFFSET_BINS));
    perBin[bin].push(Math.hypot(u, v) - tableAt(radii, theta));
  }
  const offset = new Float64Array(OFFSET_BINS).fill(Number.NaN);
  for (let b = 0; b < OFFSET_BINS; b++) {
    const d = perBin[b];
    if (d.length === 0) continue;
    d.sort((x, y) => x - y);
    const median = d.length % 2 ? d[d.length >> 1] : 0.5 * (d[(d.length >> 1) - 1] + d[d.length >> 1]);
    offset[b] = Math.max(-MAX_OFFSET_M, Math.min(MAX_OFFSET_M, median));
  }
  const anyOffset = fillCircular(offset);
  // Angles the capture's contour covers (a bin with points, or next to one).
  const seen = new Uint8Array(GAP_BINS);
  for (let i = 0; i < observedCount; i++) {
    const b = Math.min(GAP_BINS - 1, Math.floor((angleOf(observed[2 * i] - cu, observed[2 * i + 1] - cv) / (2 * Math.PI)) * GAP_BINS));
    seen[b] = 1; seen[(b + 1) % GAP_BINS] = 1; seen[(b + GAP_BINS - 1) % GAP_BINS] = 1;
  }
  const fill = new Float64Array(2 * holes);
  let m = 0;
  for (let i = 0; i < model.pointCount; i++) {
    if (!model.hole[i]) continue;
    const u = model.points[2 * i] - cu, v = model.points[2 * i + 1] - cv;
    if (seen[Math.min(GAP_BINS - 1, Math.floor((angleOf(u, v) / (2 * Math.PI)) * GAP_BINS))]) continue;
    const r = Math.hypot(u, v);
    // Offsets sit at bin centres: shift by half a bin so the interpolation is centred.
    const delta = anyOffset ? tableAt(offset, angleOf(u, v) - Math.PI / OFFSET_BINS) : 0;
    const scale = r > 0 ? Math.max(0, r + delta) / r : 1;
    fill[m++] = cu + u * scale; fill[m++] = cv + v * scale;
  }
  return fill.slice(0, m);
}
