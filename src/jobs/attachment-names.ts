/**
 * The names a result's files are attached under. Apart from delivery because the name decides how
 * Discord shows the file (`.png` inline, `.mp4` played), which is Discord's rule, not delivery's.
 */
import type { Job } from './job.ts';

/** The attachment's name: Discord shows `.png` inline and plays `.mp4`. */
export function fileName(job: Job): string {
  const ext =
    job.output?.content_type === 'video/mp4' || job.type === 'video'
      ? 'mp4'
      : extensionOf(job.output?.content_type);
  return `${job.type}-${job.generationId.slice(0, 8)}.${ext}`;
}

/** The last frame's attachment name, by the type the download declared. */
export function lastFrameName(job: Job, contentType: string | undefined): string {
  return `last-frame-${job.generationId.slice(0, 8)}.${extensionOf(contentType?.split(';')[0]?.trim())}`;
}

function extensionOf(contentType: string | undefined): string {
  switch (contentType) {
    case 'image/jpeg':
      return 'jpg';
    case 'image/webp':
      return 'webp';
    case 'image/gif':
      return 'gif';
    default:
      return 'png';
  }
}
