/**
 * Per-request behaviour of the simulator, chosen either by the test through
 * `Simulator.injectNext()` or by markers inside the prompt text (the bot passes prompts through
 * untouched, so an end-to-end test can steer one generation by what it types).
 *
 * Prompt markers (anywhere in the prompt, several may be combined; the prompt is stored as sent):
 * - `[sim:fail=content]`            the generation fails with a content-policy rejection (refunded)
 * - `[sim:fail=infrastructure]`     the generation fails with an internal error (refunded)
 * - `[sim:status=500]`              the POST is answered 500; nothing is created or charged
 * - `[sim:status=500-after-create]` the generation is created and charged, but the POST is
 *                                   answered 500 (the ambiguous case: it exists although the
 *                                   client saw an error)
 * - `[sim:status=422]`              the POST is answered 422 for `image_urls` (the service could not
 *                                   fetch a reference image), a rejection no local check can foresee
 * - `[sim:delay=MS]`                the answer to the POST is sent MS real milliseconds late; the
 *                                   generation is created on receipt, so a client that gives up
 *                                   early cannot know whether it was
 * - `[sim:bytes=N]`                 the output file is padded to (at least) N bytes
 * - `[sim:duration=MS]`             the generation takes MS of clock time from creation to finish
 */

/** What to do with one POST /generations. All fields optional; absent means normal behaviour. */
export interface InjectedBehaviour {
  /** The generation fails, for this reason, instead of completing. */
  fail?: 'content' | 'infrastructure';
  /** Answer with this status: without creating anything, or (afterCreate) after creating and charging. */
  status?: 500 | 422;
  afterCreate?: boolean;
  /** Extra real milliseconds before the answer is sent. */
  delayMs?: number;
  /** Pad the output file to at least this many bytes. */
  outputBytes?: number;
  /** Clock milliseconds from creation to completion (or infrastructure failure). */
  durationMs?: number;
  /**
   * The completed generation's `output.url` (and `download_url`) are this text instead of the
   * simulator's file: a compromised or spoofed service pointing the bot elsewhere. Tests only;
   * there is no prompt marker for it.
   */
  outputUrl?: string;
}

const MARKER = /\[sim:([a-z]+)=([^\]\s]+)\]/g;

/** Reads the `[sim:...]` markers of a prompt. Unknown or malformed markers are ignored. */
export function parseMarkers(prompt: string): InjectedBehaviour {
  const found: InjectedBehaviour = {};
  for (const [, key, value = ''] of prompt.matchAll(MARKER)) {
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (key === 'fail' && (value === 'content' || value === 'infrastructure')) found.fail = value;
    else if (key === 'status' && value === '500') found.status = 500;
    else if (key === 'status' && value === '422') found.status = 422;
    else if (key === 'status' && value === '500-after-create') {
      found.status = 500;
      found.afterCreate = true;
    } else if (key === 'delay' && Number.isFinite(n)) found.delayMs = n;
    else if (key === 'bytes' && Number.isFinite(n)) found.outputBytes = n;
    else if (key === 'duration' && Number.isFinite(n)) found.durationMs = n;
  }
  return found;
}

/** Combines an injected behaviour with the prompt's markers; the prompt's markers win per field. */
export function mergeBehaviour(injected: InjectedBehaviour | undefined, fromPrompt: InjectedBehaviour) {
  const merged: InjectedBehaviour = { ...injected };
  for (const [key, value] of Object.entries(fromPrompt)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  // A plain [sim:status=500] in the prompt overrides an injected after-create, and vice versa.
  if (fromPrompt.status !== undefined) merged.afterCreate = fromPrompt.afterCreate === true;
  return merged;
}
