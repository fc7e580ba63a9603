// Deterministic pseudo-random numbers for reproducible evaluations: mulberry32 (uniform [0,1))
// and Box–Muller standard normals. Not for cryptography.

import { mulberry32 } from '../geometry/prng.ts';

export interface SeededRandom {
  uniform(): number;
  normal(): number;
}

export function seededRandom(seed: number): SeededRandom {
  let spare: number | null = null;
  const uniform = mulberry32(seed);
  const normal = (): number => {
    if (spare !== null) { const value = spare; spare = null; return value; }
    let u = 0;
    while (u === 0) u = uniform();
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  return { uniform, normal };
}
