/**
 * Lambert W, principal branch W0: the w ≥ −1 with w·e^w = x, for x ≥ −1/e.
 * Halley's iteration (Corless et al. 1996, "On the Lambert W function", Adv Comput Math 5:329).
 */
export function lambertW0(x: number): number {
  if (Number.isNaN(x) || x < -1 / Math.E) throw new RangeError(`lambertW0 is undefined for x = ${x}`);
  if (x === 0) return 0;
  if (x === -1 / Math.E) return -1;
  if (x === Infinity) return Infinity;
  // Starting guesses: branch-point series near −1/e, log asymptotics for large x, else log1p.
  let w = x < -0.25 ? -1 + Math.sqrt(2 * (1 + Math.E * x)) : x > 3 ? Math.log(x) - Math.log(Math.log(x)) : Math.log1p(x);
  for (let i = 0; i < 64; i++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const wp1 = w + 1;
    const step = f / (ew * wp1 - ((w + 2) * f) / (2 * wp1));
    w -= step;
    if (Math.abs(step) <= 1e-15 * (1 + Math.abs(w))) break;
  }
  return w;
}

/** W0(e^logX) for large arguments without overflow: solves w + ln w = logX by Newton (logX > 1). */
export function lambertW0OfExp(logX: number): number {
  if (logX < 1) return lambertW0(Math.exp(logX));
  let w = logX - Math.log(logX);
  for (let i = 0; i < 64; i++) {
    const step = (w + Math.log(w) - logX) / (1 + 1 / w);
    w -= step;
    if (Math.abs(step) <= 1e-15 * w) break;
  }
  return w;
}
