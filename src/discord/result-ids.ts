/**
 * The custom ids of the buttons, menus and modals on a delivered result, and which of them a
 * result offers. A custom id names the action and the generation only: everything else (the
 * request, who asked, where the reply is) is read from the job in the store when it is pressed,
 * so a button works after a restart, or a week later.
 */
import { effectiveResolution } from '../catalog/pricing.ts';
import type { Job } from '../jobs/job.ts';
import type { Model } from '../media/schemas.ts';

export const RESULT_PREFIX = 'result';

/** Buttons on the result card. */
export type ResultButton =
  | 'again'
  | 'vary'
  | 'animate'
  | 'upscale'
  | 'details'
  | 'delete'
  /** Start a new video from the last frame the service returned (return_last_frame). */
  | 'continue';

/** Steps after a button: the Animate model menu, and the modals of Vary and Animate. */
export type ResultStep = 'animate-model' | 'vary-modal' | 'animate-modal' | 'continue-modal';

export type ResultAction = ResultButton | ResultStep;

const ACTIONS = new Set<string>([
  'again',
  'vary',
  'animate',
  'upscale',
  'details',
  'delete',
  'continue',
  'animate-model',
  'vary-modal',
  'animate-modal',
  'continue-modal',
]);

/** Discord's limit on a custom id. */
export const MAX_CUSTOM_ID_LENGTH = 100;

/** `result:<action>:<generation id>[:<extra>]`; the extra is a model slug for the Animate modal. */
export function resultId(action: ResultAction, generationId: string, extra?: string): string {
  return [RESULT_PREFIX, action, generationId, ...(extra ? [extra] : [])].join(':');
}

/**
 * Whether the custom id fits Discord's limit. The generation id and the slug come from the service
 * and have no stated length: a button or menu entry whose id would not fit is left out rather than
 * make Discord refuse the whole message.
 */
export function fitsCustomId(action: ResultAction, generationId: string, extra?: string): boolean {
  return resultId(action, generationId, extra).length <= MAX_CUSTOM_ID_LENGTH;
}

export function parseResultId(
  customId: string,
): { action: ResultAction; generationId: string; extra: string | undefined } | null {
  const [prefix, action, generationId, ...rest] = customId.split(':');
  if (prefix !== RESULT_PREFIX || !action || !ACTIONS.has(action) || !generationId) return null;
  // A slug may itself hold a colon: the extra is everything after the generation id.
  return {
    action: action as ResultAction,
    generationId,
    extra: rest.length > 0 ? rest.join(':') : undefined,
  };
}

/** The resolution one step above the job's, when the model has one. */
export function nextResolution(job: Job, model: Model | undefined): string | undefined {
  if (!model || model.resolutions.length < 2) return undefined;
  const current = effectiveResolution(model, {
    resolution: job.request?.resolution ?? (job.parameters.resolution as string | undefined),
  });
  const index = current === undefined ? -1 : model.resolutions.indexOf(current);
  if (index < 0) return undefined;
  return model.resolutions[index + 1];
}

/**
 * The buttons a delivered result carries, in order. `model` is the job's model from the catalog
 * (undefined when it left the catalog: Again and Vary are still offered, and refused with the reason
 * when pressed). `hasLastFrame`: the service returned the video's last frame.
 */
export function resultButtons(job: Job, model: Model | undefined, hasLastFrame: boolean): ResultButton[] {
  const buttons: ResultButton[] = ['again', 'vary'];
  if (job.type === 'image') buttons.push('animate');
  if (nextResolution(job, model)) buttons.push('upscale');
  if (job.type === 'video' && hasLastFrame) buttons.push('continue');
  buttons.push('details', 'delete');
  return buttons.filter((b) => fitsCustomId(b, job.generationId));
}
