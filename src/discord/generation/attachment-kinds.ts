/**
 * What a Discord attachment is as a reference for the service: an image, a video or an audio file
 * in a format the service takes (references.ts decides, from the content type Discord states, else
 * the file's extension). Each kind goes to its own request field.
 */
import { houseList } from '../../catalog/validate.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { PendingReference, ReferenceKind } from '../../jobs/pending-references.ts';
import type { CreateGenerationRequest } from '../../media/schemas.ts';
import { classifyAttachment } from './references.ts';

/** The request field that carries references of a kind. */
export const FIELD_OF: Record<ReferenceKind, 'image_urls' | 'video_urls' | 'audio_urls'> = {
  image: 'image_urls',
  video: 'video_urls',
  audio: 'audio_urls',
};

/** The kind of an attachment, or undefined when it is none of the three in a format the service takes. */
export function kindOf(attachment: {
  name: string;
  contentType: string | null | undefined;
  url?: string;
}): ReferenceKind | undefined {
  const found = classifyAttachment({
    name: attachment.name,
    contentType: attachment.contentType,
    url: attachment.url ?? '',
  });
  return found.kind === 'other' ? undefined : found.kind;
}

/** The references an attachment list holds, in order; attachments of no usable kind are left out. */
export function referencesOf(
  attachments: Iterable<{ url: string; name: string; contentType: string | null }>,
): PendingReference[] {
  const references: PendingReference[] = [];
  for (const a of attachments) {
    const kind = kindOf(a);
    if (kind) references.push({ url: a.url, kind, name: a.name });
  }
  return references;
}

/** The request with the references added after those it already carries, each kind to its field. */
export function withReferences(
  request: CreateGenerationRequest,
  references: readonly Pick<PendingReference, 'url' | 'kind'>[],
): CreateGenerationRequest {
  const next: CreateGenerationRequest = { ...request };
  for (const { url, kind } of references) {
    const field = FIELD_OF[kind];
    next[field] = [...(next[field] ?? []), url];
  }
  return next;
}

/** "2 images and 1 audio file", for messages, in `l`'s language. */
export function describeReferences(
  references: readonly Pick<PendingReference, 'kind'>[],
  l: Localizer,
): string {
  const counts = new Map<ReferenceKind, number>();
  for (const r of references) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => l.t(`generate:references.${kind}`, { count }));
  return parts.length === 0 ? l.t('generate:references.none') : houseList(l, parts);
}
