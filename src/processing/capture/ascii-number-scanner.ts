import { malformed, truncatedAt } from './capture-failures.ts';

/**
 * A cursor over ASCII text bytes that reads decimal numbers without building strings, for the ASCII
 * PLY and OBJ readers. Accepts `[+-]digits[.digits][(e|E)[+-]digits]` and the words nan / inf /
 * infinity (any case, MSVC's `1.#INF`, `-nan(ind)` too), which yield NaN or Infinity so the caller
 * can report `capture_invalid_numbers`. A number ends at whitespace, '/', or the end of the data.
 */

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const MAX_MANTISSA_DIGITS = 17;

function isTerminator(byte: number): boolean {
  return byte <= 0x20 || byte === 0x2f;
}

export class AsciiNumberScanner {
  readonly bytes: Uint8Array;
  /** Offset of the next unread byte. */
  pos: number;
  /** Format name used in failure sentences, e.g. "PLY" or "OBJ". */
  readonly formatName: string;

  constructor(bytes: Uint8Array, start: number, formatName: string) {
    this.bytes = bytes;
    this.pos = start;
    this.formatName = formatName;
  }

  /** Skips spaces, tabs, CR, LF and other control bytes. */
  skipWhitespace(): void {
    const bytes = this.bytes;
    let p = this.pos;
    while (p < bytes.length && bytes[p] <= 0x20) p++;
    this.pos = p;
  }

  /** Skips spaces, tabs and CR but stops at LF. */
  skipSpacesInLine(): void {
    const bytes = this.bytes;
    let p = this.pos;
    while (p < bytes.length && bytes[p] <= 0x20 && bytes[p] !== 0x0a) p++;
    this.pos = p;
  }

  /** Moves just past the next LF (or to the end). */
  skipLine(): void {
    const next = this.bytes.indexOf(0x0a, this.pos);
    this.pos = next < 0 ? this.bytes.length : next + 1;
  }

  atEnd(): boolean {
    return this.pos >= this.bytes.length;
  }

  /** Skips whitespace, then reads one number; `what` names the item for failure sentences. */
  nextNumber(what: string): number {
    this.skipWhitespace();
    if (this.pos >= this.bytes.length) throw truncatedAt(this.bytes.length, `the ${this.formatName} data ends inside ${what}`);
    return this.readNumberHere(what);
  }

  /** Reads a number starting exactly at `pos`; throws `capture_malformed` if none is there. */
  readNumberHere(what: string): number {
    const bytes = this.bytes;
    const end = bytes.length;
    const start = this.pos;
    let p = start;
    let negative = false;
    if (p < end && (bytes[p] === 0x2d || bytes[p] === 0x2b)) { negative = bytes[p] === 0x2d; p++; }
    let mantissa = 0;
    let significant = 0;
    let exp10 = 0;
    let sawDigit = false;
    while (p < end) {
      const digit = bytes[p] - 48;
      if (digit < 0 || digit > 9) break;
      sawDigit = true;
      if (significant < MAX_MANTISSA_DIGITS) {
        mantissa = mantissa * 10 + digit;
        if (mantissa !== 0) significant++;
      } else exp10++;
      p++;
    }
    if (p < end && bytes[p] === 0x2e) {
      p++;
      while (p < end) {
        const digit = bytes[p] - 48;
        if (digit < 0 || digit > 9) break;
        sawDigit = true;
        if (significant < MAX_MANTISSA_DIGITS) {
          mantissa = mantissa * 10 + digit;
          if (mantissa !== 0) significant++;
          exp10--;
        }
        p++;
      }
    }
    if (sawDigit && p < end && (bytes[p] === 0x65 || bytes[p] === 0x45)) {
      p++;
      let expNegative = false;
      if (p < end && (bytes[p] === 0x2d || bytes[p] === 0x2b)) { expNegative = bytes[p] === 0x2d; p++; }
      let exponent = 0;
      let sawExpDigit = false;
      while (p < end) {
        const digit = bytes[p] - 48;
        if (digit < 0 || digit > 9) break;
        sawExpDigit = true;
        exponent = Math.min(exponent * 10 + digit, 100_000);
        p++;
      }
      if (!sawExpDigit) throw this.badNumber(start, what);
      exp10 += expNegative ? -exponent : exponent;
    }
    if (p < end && !isTerminator(bytes[p])) return this.readSpecialWord(start, what);
    if (!sawDigit) throw this.badNumber(start, what);
    this.pos = p;
    let value: number;
    if (mantissa === 0) value = 0;
    else if (exp10 === 0) value = mantissa;
    else if (exp10 > 0) value = mantissa * (exp10 <= 22 ? POW10[exp10] : Math.pow(10, exp10));
    else value = exp10 >= -22 ? mantissa / POW10[-exp10] : mantissa / Math.pow(10, -exp10);
    return negative ? -value : value;
  }

  /** nan / inf / infinity / 1.#INF / -nan(ind): returns NaN or +/-Infinity and consumes the token. */
  private readSpecialWord(start: number, what: string): number {
    const bytes = this.bytes;
    let p = start;
    while (p < bytes.length && !isTerminator(bytes[p]) && p - start < 64) p++;
    const token = String.fromCharCode(...bytes.subarray(start, p)).toLowerCase();
    if (/^[+-]?(nan|1\.#(qnan|snan|ind))/.test(token)) { this.pos = p; return NaN; }
    if (/^[+-]?(inf|infinity|1\.#inf)/.test(token)) { this.pos = p; return token.startsWith('-') ? -Infinity : Infinity; }
    throw this.badNumber(start, what);
  }

  private badNumber(start: number, what: string): Error {
    let p = start;
    while (p < this.bytes.length && !isTerminator(this.bytes[p]) && p - start < 24) p++;
    const token = String.fromCharCode(...this.bytes.subarray(start, p)).replace(/[^\x20-\x7e]/g, '?');
    return malformed(`The ${this.formatName} data has "${token}" at byte ${start} where a number was expected in ${what}.`);
  }
}
