/**
 * Seeded pseudo-random numbers: the synthetic bodies and every sampling step must be reproducible
 * from a seed, so tests and sandbox captures give the same numbers on every run and machine.
 */

/** mulberry32 (T. Ettinger, public domain) from a raw 32-bit state: uniform numbers in [0, 1). */
export function mulberry32(initialState: number): () => number {
  let state = initialState >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 seeded through a golden-ratio scramble, so small seeds (0, 1, 2) start far apart. */
export function makeRandom(seed: number): () => number {
  return mulberry32((Math.floor(seed) ^ 0x9e3779b9) >>> 0);
}

/** Standard normal deviates by Box–Muller from a uniform source (mean 0, sd 1). */
export function makeGaussian(random: () => number): () => number {
  let spare = 0;
  let hasSpare = false;
  return () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    let u = 0;
    while (u <= 1e-300) u = random();
    const v = random();
    const radius = Math.sqrt(-2 * Math.log(u));
    spare = radius * Math.sin(2 * Math.PI * v);
    hasSpare = true;
    return radius * Math.cos(2 * Math.PI * v);
  };
}
