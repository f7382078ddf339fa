import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGenerationResponseSchema } from '../../src/media/schemas.ts';
import { minimalMp4, padTo, solidPng } from '../../src/sim/media-files.ts';
import type { Simulator } from '../../src/sim/server.ts';
import { client, expectBody, fetchBytes, type ManualClock, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The chunks of a PNG, each checked against its CRC, and the bytes after IEND. */
function pngChunks(bytes: Buffer): { chunks: { type: string; data: Buffer }[]; trailing: number } {
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const chunks: { type: string; data: Buffer }[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(
      crc32(bytes.subarray(offset + 4, offset + 8 + length)),
    );
    chunks.push({ type, data });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return { chunks, trailing: bytes.length - offset };
}

/** The top-level boxes of an ISO-BMFF file; fails unless they cover the file exactly. */
function topLevelBoxes(bytes: Buffer): { type: string; size: number }[] {
  const boxes: { type: string; size: number }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const size = bytes.readUInt32BE(offset);
    expect(size).toBeGreaterThanOrEqual(8);
    boxes.push({ type: bytes.toString('ascii', offset + 4, offset + 8), size });
    offset += size;
  }
  expect(offset).toBe(bytes.length);
  return boxes;
}

async function completed(sim: Simulator, clock: ManualClock, model: string, prompt: string) {
  const created = expectBody(
    await client(sim).post('/generations', { model, prompt: `${prompt} [sim:duration=1000]` }),
    201,
    createGenerationResponseSchema,
  );
  clock.advance(1_000);
  const generation = sim.generation(created.data.id);
  if (!generation?.output) throw new Error('the generation did not complete');
  return { id: created.data.id, output: generation.output };
}

describe('output files', () => {
  it('serves an image as a real 64x64 PNG with valid chunks', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const { output } = await completed(sim, clock, 'lang-4o-image', 'a square');
    const file = await fetchBytes(output.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length);

    const { chunks, trailing } = pngChunks(file.bytes);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]?.data ?? Buffer.alloc(0);
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([64, 64, 8, 2]);
    expect(inflateSync(chunks[1]?.data ?? Buffer.alloc(0))).toHaveLength(64 * (1 + 64 * 3));
    expect(trailing).toBe(0);
  });

  it('serves a video as an MP4 that starts with an ftyp box, inline or as a download', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const { id, output } = await completed(sim, clock, 'motion-2.0', 'a wave');
    const inline = await fetchBytes(output.url);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('video/mp4');
    expect(inline.headers.get('content-disposition')).toBeNull();
    expect(Number(inline.headers.get('content-length'))).toBe(inline.bytes.length);
    expect(inline.bytes.toString('ascii', 4, 8)).toBe('ftyp');
    expect(topLevelBoxes(inline.bytes).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);

    expect(new URL(output.download_url ?? '').searchParams.get('download')).toBe('1');
    const download = await fetchBytes(output.download_url ?? '');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${id}.mp4"`);
    expect(download.bytes).toEqual(inline.bytes);
  });

  it('returns the last frame of a motion video that asked for it (return_last_frame) as a PNG, and none otherwise', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const created = expectBody(
      await client(sim).post('/generations', {
        model: 'motion-2.0',
        prompt: 'a wave [sim:duration=1000]',
        return_last_frame: true,
      }),
      201,
      createGenerationResponseSchema,
    );
    const frameUrl = `${sim.origin}/files/${created.data.id}-last-frame.png`;
    expect((await fetchBytes(frameUrl)).status).toBe(404);
    clock.advance(1_000);
    const output = sim.generation(created.data.id)?.output;
    expect(output?.last_frame_url).toBe(frameUrl);
    const frame = await fetchBytes(frameUrl);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/png');
    expect(pngChunks(frame.bytes).chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);

    const plain = await completed(sim, clock, 'motion-2.0', 'another wave');
    expect(plain.output.last_frame_url).toBeUndefined();
    expect((await fetchBytes(`${sim.origin}/files/${plain.id}-last-frame.png`)).status).toBe(404);
  });

  it('pads the output to [sim:bytes=N] bytes and the files stay well-formed', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const image = await completed(sim, clock, 'lang-4o-image', '[sim:bytes=30000]');
    const png = await fetchBytes(image.output.url);
    expect(png.bytes).toHaveLength(30_000);
    expect(Number(png.headers.get('content-length'))).toBe(30_000);
    expect(pngChunks(png.bytes).chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);

    const video = await completed(sim, clock, 'motion-2.0', '[sim:bytes=2000000]');
    const mp4 = await fetchBytes(video.output.url);
    expect(mp4.bytes).toHaveLength(2_000_000);
    expect(topLevelBoxes(mp4.bytes).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat', 'free']);
  });

  it('pads through injectNext({ outputBytes }) as through the marker', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    sim.injectNext({ outputBytes: 12_345 });
    const image = await completed(sim, clock, 'nano-fruit-2', 'big');
    expect((await fetchBytes(image.output.url)).bytes).toHaveLength(12_345);
  });

  it('answers 404 for the file of a generation that has not completed, or with the wrong extension', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const created = expectBody(
      await client(sim).post('/generations', { model: 'lang-4o-image', prompt: 'x [sim:duration=5000]' }),
      201,
      createGenerationResponseSchema,
    );
    const url = `${sim.origin}/files/${created.data.id}.png`;
    expect((await fetchBytes(url)).status).toBe(404);
    clock.advance(5_000);
    expect((await fetchBytes(url)).status).toBe(200);
    expect((await fetchBytes(`${sim.origin}/files/${created.data.id}.mp4`)).status).toBe(404);
    expect((await fetchBytes(`${sim.origin}/files/00000000-0000-4000-8000-000000000000.png`)).status).toBe(
      404,
    );
  });
});

describe('media file builders', () => {
  it('never pads below the natural size and turns a gap under 8 bytes into an empty free box', () => {
    const mp4 = minimalMp4();
    expect(padTo(mp4, 'mp4', 10)).toBe(mp4);
    const padded = padTo(mp4, 'mp4', mp4.length + 3);
    expect(padded).toHaveLength(mp4.length + 8);
    expect(topLevelBoxes(padded).at(-1)).toEqual({ type: 'free', size: 8 });
  });

  it('builds a PNG of the requested colour', () => {
    const png = solidPng([1, 2, 3], 2);
    const idat = pngChunks(png).chunks.find((c) => c.type === 'IDAT')?.data ?? Buffer.alloc(0);
    expect([...inflateSync(idat)]).toEqual([0, 1, 2, 3, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3]);
  });
});
