/**
 * The simulator's output files under /files, served without a token and outside the rate limit,
 * as the service serves them: a generation's PNG or MP4 (`?download=1` as an attachment), and a
 * video's last frame.
 */
import { outputFile, solidPng } from '../media-files.ts';
import { error, type Reply } from '../reply.ts';
import { LAST_FRAME_SUFFIX, type SimState } from '../state.ts';

/** A video's last frame (`return_last_frame`): a PNG of another colour than image outputs. */
const LAST_FRAME_PNG = solidPng([0xf2, 0x8c, 0x28]);
const LAST_FRAME_PATH = new RegExp(`^/files/([0-9a-f-]+)${LAST_FRAME_SUFFIX}\\.png$`);

/** GET /files/{id}.png|.mp4, and /files/{id}-last-frame.png. */
export function serveFile(state: SimState, path: string, query: URLSearchParams): Reply {
  const frame = LAST_FRAME_PATH.exec(path);
  if (frame?.[1]) {
    if (!state.hasLastFrame(frame[1])) return error(404, 'File not found.');
    return { status: 200, file: { bytes: LAST_FRAME_PNG, contentType: 'image/png' } };
  }
  const match = /^\/files\/([0-9a-f-]+)\.(png|mp4)$/.exec(path);
  const output = match?.[1] ? state.outputOf(match[1]) : undefined;
  if (!match || !output || output.kind !== match[2]) return error(404, 'File not found.');
  return {
    status: 200,
    file: {
      bytes: outputFile(output.kind, output.bytes),
      contentType: output.kind === 'png' ? 'image/png' : 'video/mp4',
      attachmentName: query.get('download') === '1' ? `${match[1]}.${output.kind}` : undefined,
    },
  };
}
