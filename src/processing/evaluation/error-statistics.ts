// Summary of a signed error sample as ISO 20685-1 judges it: mean, standard deviation, and the
// two-sided 95% confidence interval of the mean (Student t, n - 1 degrees of freedom).
// Units follow the input (mm in the accuracy evaluation).

export interface MeanErrorSummary {
  n: number;
  mean: number;
  /** Sample standard deviation (n - 1). */
  sd: number;
  ciLow: number;
  ciHigh: number;
}

/** Regularised incomplete beta I_x(a, b) by its continued fraction (Lentz), as in Numerical Recipes §6.4. */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1, d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny; c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny; d = 1 / d; h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny; c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny; d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return (Math.exp(logFront) * h) / a;
}

/** log Gamma (Lanczos, g = 7, n = 9). */
function lgamma(z: number): number {
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - lgamma(1 - z);
  const x = z - 1;
  let sum = g[0];
  for (let k = 1; k < 9; k++) sum += g[k] / (x + k);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** P(T <= t) for Student's t with `dof` degrees of freedom. */
export function studentTCdf(t: number, dof: number): number {
  const tail = 0.5 * incompleteBeta(dof / (dof + t * t), dof / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t value with P(T <= t) = p (bisection on the CDF). */
export function studentTQuantile(p: number, dof: number): number {
  let lo = -1e3, hi = 1e3;
  for (let k = 0; k < 200 && hi - lo > 1e-12; k++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, dof) < p) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

export function summarizeMeanError(errors: readonly number[]): MeanErrorSummary {
  const n = errors.length;
  if (n === 0) return { n, mean: NaN, sd: NaN, ciLow: NaN, ciHigh: NaN };
  const mean = errors.reduce((s, e) => s + e, 0) / n;
  if (n === 1) return { n, mean, sd: NaN, ciLow: NaN, ciHigh: NaN };
  const sd = Math.sqrt(errors.reduce((s, e) => s + (e - mean) ** 2, 0) / (n - 1));
  const half = studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return { n, mean, sd, ciLow: mean - half, ciHigh: mean + half };
}
