/**
 * Append-only typed arrays for readers that learn counts while parsing (OBJ, ASCII PLY faces).
 * Growth doubles; callers bound the final length by the input size, so memory stays proportional
 * to the file.
 */
export class GrowableFloat32 {
  data: Float32Array;
  length = 0;
  constructor(initialCapacity = 1024) {
    this.data = new Float32Array(Math.max(16, initialCapacity));
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
    const next = new Float32Array(Math.max(min, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  /** A right-sized copy of the content. */
  toArray(): Float32Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableUint32 {
  data: Uint32Array;
  length = 0;
  constructor(initialCapacity = 1024) {
    this.data = new Uint32Array(Math.max(16, initialCapacity));
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
    const next = new Uint32Array(Math.max(min, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
