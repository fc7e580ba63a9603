// The point of a body mesh (input coordinates, m) on the simulator's turning axis at half its stature
// (trunkAxisPoint in simulate-recording.ts: the mean x, z of the vertices between 50 % and 70 % of its
// height, as the simulator centres a body). The evaluation scripts measure pose errors about it: a
// MakeHuman mesh's own origin lies ~18 cm behind it, where a yaw error alone would read as a
// displacement. (For MakeHuman bodies that mean includes the hands' many vertices and lies ~11 cm in
// front of the trunk's area centroid: docs/recording-reconstruction.md, "A coarser field to track a turn".)
import { trunkAxisPoint as simulatorAxisPoint } from '../../src/processing/recording-simulator/simulate-recording.ts';

export function trunkAxisPoint(positionsM: ArrayLike<number>): [number, number, number] {
  return simulatorAxisPoint(positionsM).pointM;
}
