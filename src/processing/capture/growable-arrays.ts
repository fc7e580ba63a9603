/**
 * Append-only typed arrays for readers that learn counts while parsing (OBJ, ASCII PLY faces).
 * Growth doubles; callers bound the final length by the input size, so memory stays proportional
 * to the file.
 *
 * One class per element type, made by the same factory: each keeps its own monomorphic element
 * stores in the parsers' hot loops, and the growth logic is written once.
 */
function growableTriples<Data extends Float32Array | Uint32Array>(allocate: (length: number) => Data) {
  return class {
    data: Data;
    length = 0;
    constructor(initialCapacity = 1024) {
      this.data = allocate(Math.max(16, initialCapacity));
    }
    push3(a: number, b: number, c: number): void {
      if (this.length + 3 > this.data.length) this.grow(this.length + 3);
      const d = this.data;
      d[this.length] = a;
      d[this.length + 1] = b;
      d[this.length + 2] = c;
      this.length += 3;
    }
    private grow(min: number): void {
      const next = allocate(Math.max(min, this.data.length * 2));
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    /** A right-sized copy of the content. */
    toArray(): Data {
      return this.data.slice(0, this.length) as Data;
    }
  };
}

export const GrowableFloat32 = growableTriples((length) => new Float32Array(length));
export const GrowableUint32 = growableTriples((length) => new Uint32Array(length));
