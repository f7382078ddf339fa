/**
 * What a finished job's reply shows: its file (and a video's last frame) downloaded safely and
 * within the interaction's size limit, or why it is shown as a link instead. Apart from delivery
 * because /show builds the same content for a job delivered long ago, without delivering anything.
 */
import type { Logger } from '../log.ts';
import { fileName, lastFrameName } from './attachment-names.ts';
import type { DownloadResult, ExpectedMedia } from './download.ts';
import type { Job } from './job.ts';

/** Why a result (or its last frame) is shown without its file. */
export type LinkReason = 'too_large' | 'download_failed' | 'refused';

/** A file to attach. */
export interface AttachedFile {
  name: string;
  data: Buffer;
}

/** A finished result: its file, or why it has none (the card then shows the service's URL, unless refused). */
export interface ResultContent {
  kind: 'result';
  file?: AttachedFile;
  linkReason?: LinkReason;
  /** The video's last frame (`output.last_frame_url`), when the service returned one: attached or linked the same way. */
  lastFrame?: { file?: AttachedFile; linkReason?: LinkReason };
}

/** Fetches an output file, capped in bytes (jobs/download.ts's downloadCapped, bound to the service's origin). */
export type DownloadOutput = (
  url: string,
  capBytes: number,
  options?: { expect?: ExpectedMedia },
) => Promise<DownloadResult>;

/** What building the content needs. */
export interface ResultContentDeps {
  download: DownloadOutput;
  logger: Logger;
}

/**
 * The result as it can be shown: the file when it can be fetched safely and fits, else why not
 * (the card then links to it, or says it could not be fetched).
 */
export async function resultContent(job: Job, deps: ResultContentDeps): Promise<ResultContent> {
  if (!job.output) return { kind: 'result', linkReason: 'download_failed' };
  const { url, content_type, last_frame_url } = job.output;
  const content: ResultContent = {
    kind: 'result',
    ...(await fetchFile(deps, job, 'result', url, { type: job.type, contentType: content_type }, () =>
      fileName(job),
    )),
  };
  if (last_frame_url)
    content.lastFrame = await fetchFile(deps, job, 'last frame', last_frame_url, { type: 'image' }, (type) =>
      lastFrameName(job, type),
    );
  return content;
}

/** Downloads one output file to attach, or says why it is shown as a link. */
async function fetchFile(
  deps: ResultContentDeps,
  job: Job,
  what: 'result' | 'last frame',
  url: string,
  expect: ExpectedMedia,
  name: (contentType: string | undefined) => string,
): Promise<{ file: AttachedFile } | { linkReason: LinkReason }> {
  // Called on `deps`, as delivery did: a download given as a method keeps its `this`.
  const downloaded = await deps.download(url, job.attachmentSizeLimit, { expect });
  if (downloaded.ok) return { file: { name: name(downloaded.contentType), data: downloaded.data } };
  deps.logger.info(
    { generationId: job.generationId, reason: downloaded.reason, detail: downloaded.detail, what },
    'delivering a link instead of the file',
  );
  return {
    linkReason:
      downloaded.reason === 'too_large' || downloaded.reason === 'refused'
        ? downloaded.reason
        : 'download_failed',
  };
}
