/**
 * The bytes of the simulator's output files: a real PNG (64x64, one colour) and a real, minimal
 * ISO-BMFF/MP4 (ftyp + moov/mvhd + mdat). Both can be padded to a requested size so tests can
 * produce an output larger than an upload limit: the PNG with bytes after IEND (decoders stop at
 * IEND), the MP4 with a trailing `free` box (players skip it).
 */
import { crc32, deflateSync } from 'node:zlib';

/** Padding is capped so that a typo in a marker cannot make the simulator allocate gigabytes. */
export const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A `size`x`size` RGB PNG filled with one colour. */
export function solidPng(rgb: readonly [number, number, number] = [0x58, 0x65, 0xf2], size = 64): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  // compression, filter and interlace methods stay 0
  const row = Buffer.alloc(1 + size * 3); // filter byte 0 (None), then the pixels
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

function mvhd(durationSeconds: number): Buffer {
  const timescale = 1000;
  const b = Buffer.alloc(100); // version 0 body after the version/flags word
  let o = 4; // version 0, flags 0
  o = b.writeUInt32BE(0, o); // creation time
  o = b.writeUInt32BE(0, o); // modification time
  o = b.writeUInt32BE(timescale, o);
  o = b.writeUInt32BE(durationSeconds * timescale, o);
  o = b.writeUInt32BE(0x00010000, o); // rate 1.0
  o = b.writeUInt16BE(0x0100, o); // volume 1.0
  o += 10; // reserved
  for (const v of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000]) o = b.writeUInt32BE(v, o); // matrix
  o += 24; // pre_defined
  b.writeUInt32BE(1, o); // next_track_ID
  return box('mvhd', b);
}

/** A minimal MP4 container: it starts with an `ftyp` box and holds a movie header and an empty `mdat`. */
export function minimalMp4(durationSeconds = 5): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'ascii'),
    Buffer.from([0, 0, 2, 0]), // minor version 0x200
    Buffer.from('isomiso2avc1mp41', 'ascii'),
  );
  return Buffer.concat([ftyp, box('moov', mvhd(durationSeconds)), box('mdat')]);
}

/** Pads a file to at least `targetBytes` in a way its format ignores. */
export function padTo(file: Buffer, kind: 'png' | 'mp4', targetBytes: number | undefined): Buffer {
  const target = Math.min(targetBytes ?? 0, MAX_OUTPUT_BYTES);
  if (target <= file.length) return file;
  if (kind === 'png') return Buffer.concat([file, Buffer.alloc(target - file.length)]);
  // A box header takes 8 bytes, so a gap below 8 becomes an 8-byte empty `free` box.
  const freeSize = Math.max(8, target - file.length);
  return Buffer.concat([file, box('free', Buffer.alloc(freeSize - 8))]);
}

const BASE_PNG = solidPng();
const BASE_MP4 = minimalMp4();

/** The output file of a generation of the given kind, padded to `targetBytes` when asked. */
export function outputFile(kind: 'png' | 'mp4', targetBytes?: number): Buffer {
  return padTo(kind === 'png' ? BASE_PNG : BASE_MP4, kind, targetBytes);
}
