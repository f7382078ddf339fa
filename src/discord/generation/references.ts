/**
 * Reference attachments: what kind of file a member attached (image, video, audio), judged by its
 * content type and, when Discord gives none, by its file extension; and the refusal when an option
 * gets the wrong kind. The spec's formats: video MP4, WebM, MOV; audio MP3, WAV, M4A, OGG. Image
 * formats are not listed, so any image is sent and the service judges it.
 */

import type { Localizer } from '../../i18n/index.ts';
import type { ReferenceKind } from '../../jobs/pending-references.ts';
import { UserError } from '../interactions/command.ts';
import { localOptionName } from '../interactions/option-builders.ts';
import { escapeMemberText } from '../views/message-parts.ts';

export type { ReferenceKind };

/** The attachment facts this module reads (a discord.js `Attachment` has them all). */
export interface AttachmentFacts {
  name: string;
  contentType: string | null | undefined;
  url: string;
  size?: number;
}

/**
 * What an attachment is: a kind the service takes, or not: its content type (shown escaped and cut
 * short; `unsupported` when it is a video or audio format the service does not take), or none known.
 */
export type Classification =
  | { kind: ReferenceKind; format: string }
  | { kind: 'other'; contentType?: string; unsupported?: boolean };

/** The video and audio formats the spec lists, by content type (every image type is taken). */
const CONTENT_TYPES: Record<'video' | 'audio', Record<string, string>> = {
  video: { 'video/mp4': 'MP4', 'video/webm': 'WebM', 'video/quicktime': 'MOV' },
  audio: {
    'audio/mpeg': 'MP3',
    'audio/mp3': 'MP3',
    'audio/wav': 'WAV',
    'audio/x-wav': 'WAV',
    'audio/wave': 'WAV',
    'audio/vnd.wave': 'WAV',
    'audio/mp4': 'M4A',
    'audio/x-m4a': 'M4A',
    'audio/m4a': 'M4A',
    'audio/ogg': 'OGG',
    'application/ogg': 'OGG',
  },
};

const EXTENSIONS: Record<string, { kind: ReferenceKind; format: string }> = {
  png: { kind: 'image', format: 'PNG' },
  jpg: { kind: 'image', format: 'JPEG' },
  jpeg: { kind: 'image', format: 'JPEG' },
  webp: { kind: 'image', format: 'WebP' },
  gif: { kind: 'image', format: 'GIF' },
  mp4: { kind: 'video', format: 'MP4' },
  webm: { kind: 'video', format: 'WebM' },
  mov: { kind: 'video', format: 'MOV' },
  mp3: { kind: 'audio', format: 'MP3' },
  wav: { kind: 'audio', format: 'WAV' },
  m4a: { kind: 'audio', format: 'M4A' },
  ogg: { kind: 'audio', format: 'OGG' },
};

/** Classifies an attachment by its content type, else (no content type) by its file extension. */
export function classifyAttachment(attachment: AttachmentFacts): Classification {
  const contentType = attachment.contentType?.split(';')[0]?.trim().toLowerCase();
  if (contentType) {
    const [major] = contentType.split('/');
    if (major === 'image') return { kind: 'image', format: contentType.slice('image/'.length).toUpperCase() };
    for (const kind of ['video', 'audio'] as const) {
      const format = CONTENT_TYPES[kind][contentType];
      if (format) return { kind, format };
    }
    // The content type comes with the upload, so it is shown escaped and cut short.
    const shown = escapeMemberText(contentType.slice(0, 100));
    return { kind: 'other', contentType: shown, unsupported: major === 'video' || major === 'audio' };
  }
  const extension = /\.([a-z0-9]+)$/i.exec(attachment.name)?.[1]?.toLowerCase();
  const known = extension ? EXTENSIONS[extension] : undefined;
  return known ?? { kind: 'other' };
}

/** What a file is, for the parentheses of a refusal ("it is a video"). */
function describeFound(found: Classification, l: Localizer): string {
  switch (found.kind) {
    case 'image':
      return l.t('generate:attachment.isImage');
    case 'video':
      return l.t('generate:attachment.isVideo');
    case 'audio':
      return l.t('generate:attachment.isAudio');
    default:
      if (found.contentType === undefined) return l.t('generate:attachment.isUnknown');
      return found.unsupported
        ? l.t('generate:attachment.isFormatNotTaken', { type: found.contentType })
        : l.t('generate:attachment.isType', { type: found.contentType });
  }
}

/**
 * The URL of an attachment given for `option`, when it is of the kind the option takes; otherwise a
 * refusal naming the file and what was expected (thrown before anything is reserved or sent).
 */
export function referenceUrl(
  attachment: AttachmentFacts,
  kind: ReferenceKind,
  option: string,
  l: Localizer,
): string {
  const found = classifyAttachment(attachment);
  if (found.kind === kind) return attachment.url;
  const values = {
    name: escapeMemberText(attachment.name),
    option: localOptionName(option, l),
    found: describeFound(found, l),
  };
  switch (kind) {
    case 'image':
      throw new UserError(l.t('generate:attachment.notImage', values));
    case 'video':
      throw new UserError(l.t('generate:attachment.notVideo', values));
    case 'audio':
      throw new UserError(l.t('generate:attachment.notAudio', values));
  }
}

/** The URLs of the attachments given for `options`, in the options' order; absent ones are skipped. */
export function referenceUrls<A extends object>(
  args: A,
  options: readonly (keyof A & string)[],
  kind: ReferenceKind,
  l: Localizer,
): string[] {
  const urls: string[] = [];
  for (const option of options) {
    const attachment = args[option] as AttachmentFacts | undefined;
    if (attachment) urls.push(referenceUrl(attachment, kind, option, l));
  }
  return urls;
}
