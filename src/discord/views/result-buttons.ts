/**
 * Which buttons a delivered result offers. Their custom ids (custom-ids.ts, kind `result`) name the
 * action and the generation only: everything else (the request, who asked, where the reply is) is
 * read from the job in the store when it is pressed, so a button works after a restart, or a week later.
 */
import { higherResolution } from '../../catalog/resolution.ts';
import type { Job } from '../../jobs/job.ts';
import type { Model } from '../../media/schemas.ts';
import { fitsCustomId, type ResultAction, type ResultButton } from '../interactions/custom-ids.ts';

/** The resolution one step above the job's (as asked, else as the service reported it), when the model has one. */
export function nextResolution(job: Job, model: Model | undefined): string | undefined {
  if (!model) return undefined;
  return higherResolution(model, {
    resolution: job.request?.resolution ?? (job.parameters.resolution as string | undefined),
  });
}

/**
 * The buttons a delivered result carries, in order. `model` is the job's model from the catalog
 * (undefined when it left the catalog: Again and Vary are still offered, and refused with the reason
 * when pressed). `hasLastFrame`: the service returned the video's last frame.
 */
export function resultButtons(job: Job, model: Model | undefined, hasLastFrame: boolean): ResultButton[] {
  const buttons: ResultButton[] = ['again', 'vary'];
  if (job.type === 'image') buttons.push('animate');
  if (nextResolution(job, model)) buttons.push('higher-resolution');
  if (job.type === 'video' && hasLastFrame) buttons.push('continue');
  buttons.push('details', 'delete');
  const { generationId } = job;
  return buttons.filter((button) =>
    [button, ...(NEXT_STEP[button] ?? [])].every((action) =>
      fitsCustomId({ kind: 'result', action, generationId }),
    ),
  );
}

/**
 * The menu or modal a button opens carries a longer id than the button: a button whose next step
 * would not fit is left out too. (Animate's modal also names the model: each model is checked
 * when the menu is built.)
 */
const NEXT_STEP: Partial<Record<ResultButton, ResultAction[]>> = {
  vary: ['vary-modal'],
  animate: ['animate-model'],
  continue: ['continue-modal'],
};
