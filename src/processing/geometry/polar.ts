/**
 * Polar coordinates of 2-D offsets for the hot loops of ring fits and slice areas, fast and
 * bit-identical to the Math calls they replace (so results do not depend on which one ran):
 * - hypot2(x, y) returns exactly Math.hypot(x, y). V8's Math.hypot is a variadic builtin that
 *   allocates its argument array on every call (~40 ns); its algorithm for two finite arguments,
 *   max · sqrt((x/max)² + (y/max)²) with the max term exactly 1, costs one division here.
 * - polarBin(x, y, bins) returns exactly the bin floor((atan2(y, x) + π) / 2π · bins) (clamped to
 *   0 .. bins−1) that angularBin(Math.atan2(y, x), bins) gives, from a polynomial arctangent
 *   (error < 1e-5 rad, Abramowitz & Stegun 4.4.49); only when that estimate falls within 1e-4 rad
 *   of a bin edge (or at the ±π cut, or x = y = 0) is Math.atan2 called to decide.
 * Units: whatever x and y carry (m in this project); angles in radians.
 */

/** Math.hypot(x, y), bit for bit (including ±Infinity before NaN, and 0 for two zeros). */
export function hypot2(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  if (ax >= ay) {
    if (ax === 0) return 0;
    const b = ay / ax;
    return Math.sqrt(1 + b * b) * ax;
  }
  const a = ax / ay;
  return Math.sqrt(a * a + 1) * ay;
}

/** The angular bin of an angle θ ∈ [−π, π] among `bins` equal bins starting at −π. */
export function angularBin(theta: number, bins: number): number {
  const b = Math.floor(((theta + Math.PI) / (2 * Math.PI)) * bins);
  return b >= bins ? bins - 1 : b < 0 ? 0 : b;
}

/** Margin (rad) kept from bin edges before trusting the polynomial: ten times its error bound. */
const EDGE_MARGIN_RAD = 1e-4;

/** angularBin(Math.atan2(y, x), bins), bit-identical, mostly without calling Math.atan2. */
export function polarBin(x: number, y: number, bins: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  // Arctangent of the smaller over the larger ratio (in [0, 1]), then unfolded to the quadrant.
  const swap = ay > ax;
  const t = swap ? ax / ay : ay / ax;
  if (!(t === t)) return angularBin(Math.atan2(y, x), bins); // x = y = 0 (or NaN): the exact rules
  const t2 = t * t;
  let a = t * (0.9998660 + t2 * (-0.3302995 + t2 * (0.1801410 + t2 * (-0.0851330 + t2 * 0.0208351))));
  if (swap) a = 0.5 * Math.PI - a;
  if (x < 0) a = Math.PI - a;
  if (y < 0) a = -a;
  const position = ((a + Math.PI) / (2 * Math.PI)) * bins;
  const b = Math.floor(position);
  const margin = (EDGE_MARGIN_RAD / (2 * Math.PI)) * bins;
  // Near an edge (±π included: y ≈ 0 with x < 0, where the sign of y picks the end), ask Math.atan2.
  if (position - b < margin || b + 1 - position < margin) {
    return angularBin(Math.atan2(y, x), bins);
  }
  return b;
}
