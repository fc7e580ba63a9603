// The reconstruction options an evaluation script runs with: DEFAULT_RECONSTRUCTION with its
// --override JSON merged one level deep (to compare an option before it is a default), e.g.
// '{"turnRegistration":{"minWeight":5}}' or '{"walkDrift":null}'.
import { DEFAULT_RECONSTRUCTION } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { DEFAULT_TURN_POSE_GRAPH } from '../../src/processing/recording-reconstruction/turn-pose-graph.ts';
import { DEFAULT_WALK_DRIFT } from '../../src/processing/recording-reconstruction/walk-drift.ts';

export function reconstructionWithOverride(overrideJson: string): typeof DEFAULT_RECONSTRUCTION {
  const options = { ...DEFAULT_RECONSTRUCTION } as Record<string, unknown>;
  for (const [key, value] of Object.entries(JSON.parse(overrideJson) as Record<string, unknown>)) {
    // walkDrift and turnPoseGraph may be null: an object given for either then is merged into its default.
    const into = options[key] === null && key === 'walkDrift' ? DEFAULT_WALK_DRIFT : options[key] === null && key === 'turnPoseGraph' ? DEFAULT_TURN_POSE_GRAPH : options[key];
    options[key] = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(into as object), ...value } : value;
  }
  return options as unknown as typeof DEFAULT_RECONSTRUCTION;
}
