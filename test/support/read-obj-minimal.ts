// A minimal, strict Wavefront OBJ reader for tests: v, vt, vn, f (triangles, v/vt/vn or v//vn), mtllib, usemtl.
export interface MinimalObj {
  positions: number[][];
  uvs: number[][];
  normals: number[][];
  faces: { v: number[]; vt: (number | null)[]; vn: (number | null)[] }[];
  mtllib: string | null;
  usemtl: string | null;
}

export function readObjMinimal(bytes: Uint8Array): MinimalObj {
  const out: MinimalObj = { positions: [], uvs: [], normals: [], faces: [], mtllib: null, usemtl: null };
  for (const raw of new TextDecoder().decode(bytes).split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [tag, ...rest] = line.split(/\s+/);
    const numbers = (): number[] => rest.map((value) => {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new Error(`not a number in "${line}"`);
      return n;
    });
    if (tag === 'v') out.positions.push(numbers());
    else if (tag === 'vt') out.uvs.push(numbers());
    else if (tag === 'vn') out.normals.push(numbers());
    else if (tag === 'mtllib') out.mtllib = rest.join(' ');
    else if (tag === 'usemtl') out.usemtl = rest.join(' ');
    else if (tag === 'f') {
      if (rest.length !== 3) throw new Error(`not a triangle: "${line}"`);
      const parts = rest.map((corner) => corner.split('/'));
      out.faces.push({
        v: parts.map((p) => Number(p[0]) - 1),
        vt: parts.map((p) => (p[1] ? Number(p[1]) - 1 : null)),
        vn: parts.map((p) => (p[2] ? Number(p[2]) - 1 : null)),
      });
    } else if (tag !== 'o' && tag !== 's' && tag !== 'g') throw new Error(`unexpected OBJ line "${line}"`);
  }
  return out;
}
