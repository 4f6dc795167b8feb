/**
 * Byte helpers of the payload codec: big-endian reads and writes over a Uint8Array (no Buffer:
 * the domain package also runs in the browser). docs/payload-format.md describes the layouts.
 */

/** Thrown by ByteReader when a message ends early; the decoders turn it into { ok: false }. */
export class TruncatedError extends Error {
  constructor(needed: number, offset: number, length: number) {
    super(`message truncated: ${needed} more byte(s) needed at offset ${offset}, the message has ${length}`);
    this.name = 'TruncatedError';
  }
}

export class ByteReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  get position(): number {
    return this.offset;
  }

  private take(count: number): number {
    if (this.remaining < count) throw new TruncatedError(count - this.remaining, this.offset, this.bytes.length);
    const at = this.offset;
    this.offset += count;
    return at;
  }

  u8(): number {
    return this.view.getUint8(this.take(1));
  }

  u16(): number {
    return this.view.getUint16(this.take(2));
  }

  i16(): number {
    return this.view.getInt16(this.take(2));
  }

  u32(): number {
    return this.view.getUint32(this.take(4));
  }
}

export class ByteWriter {
  private readonly parts: number[] = [];

  get length(): number {
    return this.parts.length;
  }

  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    return this.u8(value >>> 8).u8(value);
  }

  i16(value: number): this {
    return this.u16(value & 0xffff);
  }

  u32(value: number): this {
    return this.u16(Math.floor(value / 0x10000)).u16(value % 0x10000);
  }

  bytes(values: Uint8Array): this {
    for (const value of values) this.parts.push(value);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** Integer ranges of the wire types, for the range checks of the encoders. */
export const WIRE_RANGE = {
  u8: [0, 0xff],
  u16: [0, 0xffff],
  i16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
} as const;

export type TWireType = keyof typeof WIRE_RANGE;

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');
}

/** Hex to bytes; spaces are ignored. Throws on anything that is not pairs of hex digits. */
export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) throw new Error(`not a hex string: ${hex}`);
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
