/**
 * A triangle mesh ready to be written to an asset file.
 * Frame: whatever the caller uses; the scan assets use the canonical frame (metres, Y up, facing +Z,
 * feet at y = 0). All arrays are flat and interleaved per vertex.
 */
export interface AssetMesh {
  /** xyz per vertex (m). */
  positionsM: Float32Array;
  /** Triangle vertex indices, 3 per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** Unit normals, xyz per vertex, or null (writers then compute smooth normals). */
  normals: Float32Array | null;
  /** rgb per vertex 0..255, or null. */
  colors: Uint8Array | null;
  /** Texture coordinates, uv per vertex, glTF convention (origin at the image's top-left), or null. */
  uvs: Float32Array | null;
}

/** An RGBA8 image, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes per pixel, row-major, top row first. */
  rgba: Uint8Array;
}

/** A closed named polyline (a measurement site's ring), canonical frame (m). */
export interface NamedLoop {
  name: string;
  /** xyz per point (m); the loop closes from the last point back to the first. */
  pointsM: Float32Array;
  /** Length of the closed loop (m). */
  perimeterM: number;
}
