/**
 * UUIDv7 (RFC 9562 §5.7): 48-bit Unix milliseconds, then random bits. Time-ordered, so ids sort
 * by creation and serve as keyset-pagination cursors. A counter in the random field keeps ids
 * made in the same millisecond increasing.
 */
let lastMs = 0;
let sequence = 0;

export function uuidV7(nowMs: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  if (nowMs <= lastMs) {
    nowMs = lastMs;
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) nowMs = ++lastMs;
  } else {
    sequence = bytes[6] & 0x07; // start low so the 12-bit counter rarely wraps
  }
  lastMs = nowMs;
  bytes[0] = (nowMs / 2 ** 40) & 0xff;
  bytes[1] = (nowMs / 2 ** 32) & 0xff;
  bytes[2] = (nowMs >>> 24) & 0xff;
  bytes[3] = (nowMs >>> 16) & 0xff;
  bytes[4] = (nowMs >>> 8) & 0xff;
  bytes[5] = nowMs & 0xff;
  bytes[6] = 0x70 | ((sequence >>> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
