/**
 * Forbes' fat/lean partition of body-weight change (Forbes 1987, as restated by Hall 2007,
 * Br J Nutr 97:1059): FFM = 10.4·ln(FM/D), D individual. Closed form (our algebra, docs/body-shape-prediction.md):
 * D = FM0·exp(−FFM0/10.4); FM(BW) = 10.4·W0((D/10.4)·exp(BW/10.4)). Masses in kg.
 */
import { lambertW0OfExp } from './lambert-w.ts';

export const FORBES_CONSTANT_KG = 10.4;

/** Marginal fat share of a small weight change, dFM/dBW = FM/(FM + 10.4). */
export const forbesFatShareOfChange = (fatMassKg: number): number => fatMassKg / (fatMassKg + FORBES_CONSTANT_KG);

/** Fat mass (kg) on the person's Forbes curve at body weight bodyWeightKg. */
export function forbesFatMassKg(current: { fatMassKg: number; fatFreeMassKg: number }, bodyWeightKg: number): number {
  const c = FORBES_CONSTANT_KG;
  // ln((D/c)·e^{BW/c}) with ln D = ln FM0 − FFM0/c: computed in logs so large weights do not overflow.
  const logArgument = Math.log(current.fatMassKg) - current.fatFreeMassKg / c - Math.log(c) + bodyWeightKg / c;
  return c * lambertW0OfExp(logArgument);
}

/**
 * Body weight (kg) on the same curve at which fat is targetPercent of weight (bisection; %BF rises
 * monotonically with weight along the curve while FFM > 10.4 kg).
 */
export function forbesWeightForPercentFat(current: { fatMassKg: number; fatFreeMassKg: number }, targetPercent: number): number {
  const percentAt = (bw: number) => (100 * forbesFatMassKg(current, bw)) / bw;
  let low = 1;
  let high = (current.fatMassKg + current.fatFreeMassKg) * 4;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (percentAt(mid) < targetPercent) low = mid; else high = mid;
    if (high - low < 1e-9) break;
  }
  return (low + high) / 2;
}
