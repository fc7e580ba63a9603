/**
 * The compact byte form of a PosableBodyModel (the committed asset). Positions and shape bases are
 * quantised to integers (a fixed step per array, stated in the header), split into x / y / z planes,
 * delta-coded along the vertex order (neighbouring vertices move alike, so deltas are small) and
 * byte-shuffled (all low bytes, then all high bytes), then DEFLATE-compressed: deflate finds far more
 * repetition in the shuffled planes than in interleaved floats. Encoding is deterministic: the
 * same model gives the same bytes.
 *
 * Layout of the inflated payload: "BSPM", u32 version, u32 header length, header JSON (UTF-8), zero
 * padding to 4 bytes, then the sections the header lists, each at its byte offset.
 */
import { deflateSync, inflateSync } from 'fflate';
import type { PosableBodyModel } from './posable-model-types.ts';

const MAGIC = 0x4d505342; // "BSPM" little-endian
const VERSION = 1;

type IntKind = 'i16' | 'i32' | 'u8' | 'u16';
const BYTES: Record<IntKind, number> = { i16: 2, i32: 4, u8: 1, u16: 2 };
const RANGE: Record<IntKind, [number, number]> = {
  i16: [-32768, 32767], i32: [-2147483648, 2147483647], u8: [0, 255], u16: [0, 65535],
};

interface SectionHeader {
  name: string;
  kind: IntKind;
  count: number;
  /** Value of one integer unit (1 for exact integer data). */
  step: number;
  /** xyz interleaving undone within blocks of this length (0: the array is one plane). */
  planarBlock: number;
  /** Delta-coded along each plane. */
  delta: boolean;
  offset: number;
}

interface AssetHeader {
  vertexCount: number;
  shapeCount: number;
  principalShapeCount: number;
  shapeNames: string[];
  shapePresets: Record<string, number[]>;
  boneNames: string[];
  boneParent: number[];
  bonePart: number[];
  sections: SectionHeader[];
}

/** Quantisation steps of the encoded arrays (metres per integer unit; weights per unit). */
export interface AssetSteps {
  positionM: number;
  basisM: number;
  weight: number;
}

/** The steps the committed asset uses: 1 µm positions, 20 µm per unit shape coefficient. */
export const ASSET_STEPS: AssetSteps = { positionM: 1e-6, basisM: 2e-5, weight: 1 / 65535 };

interface SectionInput {
  name: string;
  kind: IntKind;
  values: ArrayLike<number>;
  step: number;
  planarBlock: number;
  delta: boolean;
}

/** Integer stream of one section: quantise, de-interleave xyz within blocks, delta per plane. */
function toIntegers(input: SectionInput): Int32Array {
  const { values, step, planarBlock, delta } = input;
  const count = values.length;
  const ints = new Int32Array(count);
  const block = planarBlock > 0 ? planarBlock : count;
  const planes = planarBlock > 0 ? 3 : 1;
  const perPlane = block / planes;
  let o = 0;
  for (let start = 0; start < count; start += block) {
    for (let p = 0; p < planes; p++) {
      let previous = 0;
      for (let i = 0; i < perPlane; i++) {
        const q = Math.round(values[start + i * planes + p] / step);
        const [lo, hi] = RANGE[input.kind];
        if (!(q >= lo && q <= hi)) throw new Error(`posable-model-codec: ${input.name} value ${values[start + i * planes + p]} out of ${input.kind} range at step ${step}`);
        ints[o++] = delta ? q - previous : q;
        previous = q;
      }
    }
  }
  return ints;
}

function fromIntegers(ints: Int32Array, section: SectionHeader, out: Float32Array | Uint8Array | Uint32Array): void {
  const count = section.count;
  const block = section.planarBlock > 0 ? section.planarBlock : count;
  const planes = section.planarBlock > 0 ? 3 : 1;
  const perPlane = block / planes;
  let o = 0;
  for (let start = 0; start < count; start += block) {
    for (let p = 0; p < planes; p++) {
      let running = 0;
      for (let i = 0; i < perPlane; i++) {
        running = section.delta ? running + ints[o++] : ints[o++];
        out[start + i * planes + p] = running * section.step;
      }
    }
  }
}

/** Little-endian, byte-shuffled: every integer's byte 0, then every byte 1, ... */
function shuffleBytes(ints: Int32Array, kind: IntKind): Uint8Array {
  const width = BYTES[kind];
  const bytes = new Uint8Array(ints.length * width);
  for (let b = 0; b < width; b++) {
    const base = b * ints.length;
    for (let i = 0; i < ints.length; i++) bytes[base + i] = (ints[i] >>> (8 * b)) & 0xff;
  }
  return bytes;
}

function unshuffleBytes(bytes: Uint8Array, offset: number, count: number, kind: IntKind): Int32Array {
  const width = BYTES[kind];
  const ints = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    let value = 0;
    for (let b = 0; b < width; b++) value |= bytes[offset + b * count + i] << (8 * b);
    if (kind === 'i16') value = (value << 16) >> 16;
    else if (kind === 'u16') value &= 0xffff;
    ints[i] = value;
  }
  return ints;
}

/** `level`: DEFLATE effort, 9 (the committed asset: smallest, ~10 s) down to 1 (fast, for tests). */
export function encodePosableModel(model: PosableBodyModel, steps: AssetSteps = ASSET_STEPS, level: 1 | 6 | 9 = 9): Uint8Array {
  const V = model.vertexCount;
  const quantisedWeights = new Float64Array(model.skinWeights.length);
  for (let i = 0; i < quantisedWeights.length; i++) quantisedWeights[i] = model.skinWeights[i];
  const inputs: SectionInput[] = [
    { name: 'triangles', kind: 'i32', values: model.triangles, step: 1, planarBlock: 0, delta: true },
    { name: 'meanPositionsM', kind: 'i32', values: model.meanPositionsM, step: steps.positionM, planarBlock: 3 * V, delta: true },
    { name: 'shapeBasisM', kind: 'i16', values: model.shapeBasisM, step: steps.basisM, planarBlock: 3 * V, delta: true },
    { name: 'boneHeadMeanM', kind: 'i32', values: model.boneHeadMeanM, step: steps.positionM, planarBlock: 0, delta: false },
    { name: 'boneHeadBasisM', kind: 'i32', values: model.boneHeadBasisM, step: steps.positionM, planarBlock: 0, delta: false },
    { name: 'boneTailMeanM', kind: 'i32', values: model.boneTailMeanM, step: steps.positionM, planarBlock: 0, delta: false },
    { name: 'boneTailBasisM', kind: 'i32', values: model.boneTailBasisM, step: steps.positionM, planarBlock: 0, delta: false },
    { name: 'skinBones', kind: 'u8', values: model.skinBones, step: 1, planarBlock: 0, delta: false },
    { name: 'skinWeights', kind: 'u16', values: quantisedWeights, step: steps.weight, planarBlock: 0, delta: false },
    { name: 'vertexPart', kind: 'u8', values: model.vertexPart, step: 1, planarBlock: 0, delta: false },
  ];
  const blobs = inputs.map((input) => shuffleBytes(toIntegers(input), input.kind));
  const sections: SectionHeader[] = [];
  let offset = 0;
  inputs.forEach((input, i) => {
    sections.push({ name: input.name, kind: input.kind, count: input.values.length, step: input.step, planarBlock: input.planarBlock, delta: input.delta, offset });
    offset += (blobs[i].length + 3) & ~3;
  });
  const header: AssetHeader = {
    vertexCount: V, shapeCount: model.shapeCount, principalShapeCount: model.principalShapeCount,
    shapeNames: [...model.shapeNames],
    shapePresets: Object.fromEntries(Object.entries(model.shapePresets).map(([name, shape]) => [name, [...shape]])),
    boneNames: [...model.boneNames],
    boneParent: [...model.boneParent], bonePart: [...model.bonePart], sections,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const headerPadded = (headerBytes.length + 3) & ~3;
  const payload = new Uint8Array(12 + headerPadded + offset);
  const view = new DataView(payload.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  payload.set(headerBytes, 12);
  const dataStart = 12 + headerPadded;
  blobs.forEach((blob, i) => payload.set(blob, dataStart + sections[i].offset));
  return deflateSync(payload, { level, mem: 12 });
}

export function decodePosableModel(compressed: Uint8Array): PosableBodyModel {
  const payload = inflateSync(compressed);
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION) throw new Error('posable-model-codec: not a body model asset of this version');
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(payload.subarray(12, 12 + headerLength))) as AssetHeader;
  const dataStart = 12 + ((headerLength + 3) & ~3);
  const read = <T extends Float32Array | Uint8Array | Uint32Array>(name: string, out: (count: number) => T): T => {
    const section = header.sections.find((s) => s.name === name);
    if (!section) throw new Error(`posable-model-codec: no section ${name}`);
    const array = out(section.count);
    fromIntegers(unshuffleBytes(payload, dataStart + section.offset, section.count, section.kind), section, array);
    return array;
  };
  const f32 = (count: number): Float32Array => new Float32Array(count);
  const skinWeights = read('skinWeights', f32);
  // Quantised weights sum to 1 only within 4 units of 1/65535: renormalise so they sum to 1.
  for (let v = 0; v < header.vertexCount; v++) {
    const sum = skinWeights[4 * v] + skinWeights[4 * v + 1] + skinWeights[4 * v + 2] + skinWeights[4 * v + 3];
    for (let j = 0; j < 4; j++) skinWeights[4 * v + j] /= sum;
  }
  return {
    vertexCount: header.vertexCount,
    triangles: read('triangles', (count) => new Uint32Array(count)),
    meanPositionsM: read('meanPositionsM', f32),
    shapeCount: header.shapeCount,
    principalShapeCount: header.principalShapeCount,
    shapeNames: header.shapeNames,
    shapePresets: Object.fromEntries(Object.entries(header.shapePresets).map(([name, shape]) => [name, Float32Array.from(shape)])),
    shapeBasisM: read('shapeBasisM', f32),
    boneCount: header.boneNames.length,
    boneNames: header.boneNames,
    boneParent: Int16Array.from(header.boneParent),
    boneHeadMeanM: read('boneHeadMeanM', f32),
    boneHeadBasisM: read('boneHeadBasisM', f32),
    boneTailMeanM: read('boneTailMeanM', f32),
    boneTailBasisM: read('boneTailBasisM', f32),
    skinBones: read('skinBones', (count) => new Uint8Array(count)),
    skinWeights,
    vertexPart: read('vertexPart', (count) => new Uint8Array(count)),
    bonePart: Uint8Array.from(header.bonePart),
  };
}
