/**
 * Where a 1-D profile (a limb's or the torso's radius per bin along its axis) is widest or narrowest:
 * the extremum with sub-bin refinement and an optional flat-stretch tolerance, a soft extremum that
 * moves continuously with the profile, and the moving average the searches smooth with. Units are
 * the profile's (m of radius in every caller); indices are bins.
 */

/**
 * Flat-stretch tolerance of limb extremum searches (m of radius, extremumIndex's `plateau`):
 * about the spread of a 5 mm bin's median radius on a 1-3 mm noisy cloud; 2π times it (2.5 mm)
 * bounds how far the chosen girth can lie from the extreme one.
 */
export const LIMB_PLATEAU_M = 0.0004;

/** Mean of the finite values within `half` bins of each bin (NaN where there are none). */
export function movingAverage(profile: Float64Array, half: number): Float64Array {
  const out = new Float64Array(profile.length);
  for (let i = 0; i < profile.length; i++) {
    let sum = 0, n = 0;
    for (let k = Math.max(0, i - half); k <= Math.min(profile.length - 1, i + half); k++) {
      if (Number.isFinite(profile[k])) { sum += profile[k]; n++; }
    }
    out[i] = n > 0 ? sum / n : NaN;
  }
  return out;
}

/**
 * Soft extremum (sign +1 max, −1 min) of `profile` over bins [i0, i1]: the mean bin index weighted
 * by exp(−|v − extreme| / scale), v each bin's value (the profile's units, NaN bins left out). A
 * clear extremum is its own bin; a stretch flat to within `scale` gives its middle. Unlike the
 * argmin (or a plateau's edges, which a bin crossing the tolerance moves whole), it moves
 * continuously with the profile, so two scans of one body land their sites close together.
 */
export function softExtremumIndex(profile: ArrayLike<number>, i0: number, i1: number, sign: 1 | -1, scale: number): number {
  const lo = Math.max(0, i0), hi = Math.min(profile.length - 1, i1);
  let best = -Infinity;
  for (let i = lo; i <= hi; i++) if (Number.isFinite(profile[i]) && sign * profile[i] > best) best = sign * profile[i];
  if (!Number.isFinite(best)) return lo;
  let sw = 0, si = 0;
  for (let i = lo; i <= hi; i++) {
    if (!Number.isFinite(profile[i])) continue;
    const w = Math.exp(-(best - sign * profile[i]) / scale);
    sw += w; si += w * i;
  }
  return si / sw;
}

/**
 * Index of the extremum (sign +1 max, −1 min) of `profile` over [i0, i1] after a 3-bin median,
 * refined to sub-bin precision by a parabola through its neighbours. With `plateau` > 0 (the
 * profile's units): the centre of the run of bins around the extremum whose values lie within
 * `plateau` of it. A limb's widest or narrowest stretch is often flat to a fraction of a
 * millimetre over centimetres; its argmax then follows the noise, and the two sides of symmetric
 * bodies landed up to 27 mm apart (calves) and 16 mm (wrists), while the centre of the flat stretch
 * stays put. The girth there is within 2π·plateau of the extreme one.
 */
export function extremumIndex(profile: ArrayLike<number>, i0: number, i1: number, sign: 1 | -1, plateau = 0): number {
  // Median of 3 neighbours: a slice whose loop broke up (one bad value) cannot become the extremum.
  const value = (i: number) => {
    const v: number[] = [];
    for (let k = i - 1; k <= i + 1; k++) if (k >= 0 && k < profile.length && Number.isFinite(profile[k])) v.push(profile[k]);
    if (v.length === 0) return -Infinity;
    v.sort((a, b) => a - b);
    return sign * (v.length === 2 ? 0.5 * (v[0] + v[1]) : v[Math.floor(v.length / 2)]);
  };
  let best = -1, bestValue = -Infinity;
  for (let i = Math.max(0, i0); i <= Math.min(profile.length - 1, i1); i++) {
    const v = value(i);
    if (v > bestValue) { bestValue = v; best = i; }
  }
  // An extremum on the range's own end (a profile still rising or falling there) is that end: a
  // flat stretch beside it would pull the two sides of one body apart by whichever bin noise lifts.
  const lo0 = Math.max(0, i0), hi0 = Math.min(profile.length - 1, i1);
  if (plateau > 0 && (best === lo0 || best === hi0)) return best;
  if (plateau > 0 && best >= 0) {
    let lo = best, hi = best;
    while (lo - 1 >= lo0 && value(lo - 1) >= bestValue - plateau) lo--;
    while (hi + 1 <= hi0 && value(hi + 1) >= bestValue - plateau) hi++;
    if (hi > lo) return 0.5 * (lo + hi);
  }
  if (best <= 0 || best >= profile.length - 1) return Math.max(best, i0);
  const a = value(best - 1), b = value(best), c = value(best + 1);
  const denom = a - 2 * b + c;
  const shift = denom < 0 && Number.isFinite(a) && Number.isFinite(c) ? (0.5 * (a - c)) / denom : 0;
  return best + Math.max(-0.5, Math.min(0.5, shift));
}
