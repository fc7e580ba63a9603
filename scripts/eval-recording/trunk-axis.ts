// The point of a body mesh (input coordinates, m) on the simulator's turning axis at half its stature:
// the mean x, z of the vertices between 50 % and 70 % of its height, as the simulator centres a body
// (simulate-recording.ts). The evaluation scripts measure pose errors about it: a MakeHuman mesh's own
// origin lies ~18 cm behind it, where a yaw error alone would read as a displacement. (For MakeHuman
// bodies that mean includes the hands' many vertices and lies ~11 cm in front of the trunk's area
// centroid: docs/recording-reconstruction.md, "A coarser field to track a turn".)
export function trunkAxisPoint(positionsM: ArrayLike<number>): [number, number, number] {
  let low = Number.POSITIVE_INFINITY, high = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < positionsM.length; i += 3) {
    if (positionsM[i] < low) low = positionsM[i];
    if (positionsM[i] > high) high = positionsM[i];
  }
  const statureM = high - low;
  let sumX = 0, sumZ = 0, count = 0;
  for (let i = 0; i < positionsM.length; i += 3) {
    const y = positionsM[i + 1] - low;
    if (y < 0.5 * statureM || y > 0.7 * statureM) continue;
    sumX += positionsM[i];
    sumZ += positionsM[i + 2];
    count++;
  }
  return [sumX / count, low + 0.5 * statureM, sumZ / count];
}
