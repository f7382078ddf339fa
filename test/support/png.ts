/**
 * A small PNG decoder for tests (8-bit RGB or RGBA, not interlaced: what resvg writes): checks the
 * signature and every chunk's CRC, inflates the image data and undoes each row's filter, so a test
 * can say what a picture the bot sent holds.
 */
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row after row. */
  rgba: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG signature and a few bytes: not a picture, but enough for discord.js to sniff image/png. */
export const SNIFFABLE_PNG = Buffer.concat([SIGNATURE, Buffer.alloc(64, 7)]);

export function decodePng(data: Buffer): DecodedPng {
  if (!data.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: wrong signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset < data.length && !ended) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    const crc = data.readUInt32BE(offset + 8 + length);
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== crc)
      throw new Error(`PNG chunk ${type}: bad CRC`);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0)
        throw new Error(`PNG: depth ${depth}, interlace ${interlace} not decoded here`);
      channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
      if (channels === 0) throw new Error(`PNG colour type ${colorType} not decoded here`);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  if (!ended || width === 0 || height === 0) throw new Error('PNG: no IHDR or IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error('PNG: image data of the wrong size');
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[out + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[out - stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[out - stride + x - channels] ?? 0) : 0;
      const value = row[x] ?? 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) >> 1;
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          throw new Error(`PNG: unknown row filter ${filter}`);
      }
      pixels[out + x] = (value + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(pixels.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** How many distinct colours the picture holds, and the share of its pixels that are not white. */
export function colourStats(png: DecodedPng): { colours: number; inked: number } {
  const seen = new Set<number>();
  let inked = 0;
  const { rgba } = png;
  for (let i = 0; i < rgba.length; i += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = rgba.subarray(i, i + 4);
    seen.add(((r << 24) | (g << 16) | (b << 8) | a) >>> 0);
    if (a > 0 && (r < 250 || g < 250 || b < 250)) inked++;
  }
  return { colours: seen.size, inked: inked / (png.width * png.height) };
}
