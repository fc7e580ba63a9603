// The length of a site's drawn ring, for tests that check a reported girth is the tape drawn.

/** Length of a closed ring (xyz interleaved, m). */
export function ringLengthM(ring: Float32Array): number {
  let length = 0;
  const n = ring.length / 3;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    length += Math.hypot(ring[3 * j] - ring[3 * i], ring[3 * j + 1] - ring[3 * i + 1], ring[3 * j + 2] - ring[3 * i + 2]);
  }
  return length;
}
