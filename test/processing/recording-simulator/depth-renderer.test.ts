import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDepthImage, rasteriseMesh, rasterisePlane, type DepthView } from '../../../src/processing/recording-simulator/depth-renderer.ts';
import { invertRigid, lookAtPose, poseFromQuaternion, quaternionOfPose } from '../../../src/processing/geometry/camera-pose.ts';

const intrinsics = { fx: 200, fy: 200, cx: 127.5, cy: 95.5 };
const width = 256;
const height = 192;

/** A UV sphere of `radius` (m) centred at `centre`, fine enough that its silhouette is round to a tenth of a pixel. */
function sphere(centre: [number, number, number], radius: number, rings = 180, segments = 360): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const theta = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      positions.push(centre[0] + radius * Math.sin(theta) * Math.cos(phi), centre[1] + radius * Math.cos(theta), centre[2] + radius * Math.sin(theta) * Math.sin(phi));
    }
  }
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s, b = r * segments + ((s + 1) % segments), c = a + segments, d = b + segments;
      indices.push(a, c, b, b, c, d);
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

describe('depth renderer (ideal z-buffer camera)', () => {
  it('renders a wall facing the camera at exactly its distance in every pixel', () => {
    // Camera at the origin looking along world -z (ARKit style), wall z = -2.
    const cameraToWorld = lookAtPose([0, 0, 0], [0, 0, -1]);
    const view: DepthView = { width, height, intrinsics, worldToCamera: invertRigid(cameraToWorld) };
    const image = emptyDepthImage(width, height);
    rasterisePlane(image, view, cameraToWorld, [0, 0, 1], -2, 10);
    for (const depth of image.depthM) assert.ok(Math.abs(depth - 2) < 1e-5, `depth ${depth}`);
  });

  it('renders a floor 1.2 m below a level camera at z = 1.2 fy / (v - cy), and nothing above the horizon', () => {
    const cameraToWorld = lookAtPose([0, 1.2, 0], [0, 1.2, -1]);
    const view: DepthView = { width, height, intrinsics, worldToCamera: invertRigid(cameraToWorld) };
    const image = emptyDepthImage(width, height);
    rasterisePlane(image, view, cameraToWorld, [0, 1, 0], 0, 100);
    for (let v = 0; v < height; v++) {
      const expected = v > intrinsics.cy ? (1.2 * intrinsics.fy) / (v - intrinsics.cy) : 0;
      const got = image.depthM[v * width + 40];
      if (expected === 0 || expected > 100) assert.equal(got, 0, `row ${v}`);
      else assert.ok(Math.abs(got - expected) < 1e-4 * expected, `row ${v}: ${got} vs ${expected}`);
    }
  });

  it('draws a sphere with the silhouette radius of a pinhole camera and its nearest point at distance minus radius', () => {
    const distance = 2;
    const radius = 0.3;
    const mesh = sphere([0, 0, -distance], radius);
    const cameraToWorld = lookAtPose([0, 0, 0], [0, 0, -1]);
    const view: DepthView = { width, height, intrinsics, worldToCamera: invertRigid(cameraToWorld) };
    const image = emptyDepthImage(width, height);
    rasteriseMesh(image, view, mesh.positions, mesh.indices, new Float32Array(mesh.positions.length));
    // Silhouette: a cone tangent to the sphere, half-angle asin(r / d); its image radius is f tan(asin(r/d)).
    const expectedRadiusPx = intrinsics.fx * Math.tan(Math.asin(radius / distance));
    let covered = 0;
    for (const depth of image.depthM) if (depth > 0) covered++;
    const measuredRadiusPx = Math.sqrt(covered / Math.PI);
    assert.ok(Math.abs(measuredRadiusPx - expectedRadiusPx) < 0.3, `radius ${measuredRadiusPx.toFixed(2)} px vs ${expectedRadiusPx.toFixed(2)} px`);
    const centre = image.depthM[Math.round(intrinsics.cy) * width + Math.round(intrinsics.cx)];
    assert.ok(Math.abs(centre - (distance - radius)) < 0.002, `nearest depth ${centre}`);
  });

  it('keeps the nearer of two surfaces (z-buffer) whatever order they are drawn in', () => {
    const near = sphere([0, 0, -1.5], 0.2, 40, 80);
    const cameraToWorld = lookAtPose([0, 0, 0], [0, 0, -1]);
    const view: DepthView = { width, height, intrinsics, worldToCamera: invertRigid(cameraToWorld) };
    const image = emptyDepthImage(width, height);
    rasterisePlane(image, view, cameraToWorld, [0, 0, 1], -3, 10);
    rasteriseMesh(image, view, near.positions, near.indices, new Float32Array(near.positions.length));
    const centre = image.depthM[96 * width + 128];
    assert.ok(Math.abs(centre - 1.3) < 0.01, `centre ${centre}`);
    assert.ok(Math.abs(image.depthM[5 * width + 5] - 3) < 1e-4);
  });
});

describe('camera poses', () => {
  it('round-trips a rotation through the quaternion the app writes', () => {
    const pose = lookAtPose([0.3, 1.1, 1.7], [0, 0.9, 0], [0, 1, 0], 90);
    const q = quaternionOfPose(pose);
    const back = poseFromQuaternion(pose[12], pose[13], pose[14], q[0], q[1], q[2], q[3]);
    for (let i = 0; i < 16; i++) assert.ok(Math.abs(back[i] - pose[i]) < 1e-12, `element ${i}`);
  });

  it('builds OpenCV axes: image x right, y down, z toward the target', () => {
    const pose = lookAtPose([0, 1, 2], [0, 1, 0]);
    assert.deepEqual(Array.from(pose.subarray(0, 3), (v) => Math.round(v) + 0), [1, 0, 0]);
    assert.deepEqual(Array.from(pose.subarray(4, 7), (v) => Math.round(v) + 0), [0, -1, 0]);
    assert.deepEqual(Array.from(pose.subarray(8, 11), (v) => Math.round(v) + 0), [0, 0, -1]);
  });
});
