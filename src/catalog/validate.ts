/**
 * Local validation of a create request against the chosen model, before any money is spent.
 * Returns the service's 422 shape (field -> messages), empty when the request is valid.
 * Every rule here is one the spec states; the simulator answers 422 with the same rules.
 */
import type { Localizer } from '../i18n/index.ts';
import type { FieldErrors, Model } from '../media/schemas.ts';
import { type NonPublicCode, parsePublicHttpUrl } from '../net/public-address.ts';
import { MOTION_SLUGS, ORBIT_SLUGS, ORBIT_STYLES, takesDuration } from './service-rules.ts';

/**
 * The spec allows "2,000 characters". A character here is a Unicode code point (`[...s].length`),
 * not a UTF-16 unit (`s.length`, which counts an emoji as 2) nor a grapheme (which would let one
 * "character" carry any number of combining marks). The bot, the simulator (which shares this
 * file) and the commands' `max_length` all use this one number.
 */
export const MAX_PROMPT_LENGTH = 2000;
/** Image URLs per request, for every model unless a model-specific limit below says otherwise. */
export const MAX_IMAGE_URLS = 14;
const MAX_MEDIA_REFERENCES = 3;
const MOTION_MAX_IMAGE_URLS = 9;
const LANG_IMAGE_2_MAX_IMAGE_URLS = 16;
const DREAM_LITE_MAX_IMAGE_URLS = 10;
const VISTA_INGREDIENT_MAX_IMAGE_URLS = 3;
const MOTION_ONLY_FIELDS = ['generate_audio', 'camera_fixed', 'web_search', 'return_last_frame'] as const;
const ORBIT_ONLY_BOOLEANS = ['watermark', 'private'] as const;

export interface ValidateOptions {
  /**
   * Origins whose URLs are the service's own outputs, taken as references even on a private
   * address: an image the service made is one it can fetch (the built-in simulator serves them
   * from 127.0.0.1, and Animate and Continue start from them).
   */
  trustedOrigins?: readonly string[];
}

/**
 * Validates a POST /generations body (parsed JSON, so every field is checked for its type too).
 * The messages speak `l`: the member's language when the bot checks a member's request, English
 * where the simulator answers as the service would.
 */
export function validateCreateRequest(
  model: Model | undefined,
  body: Record<string, unknown>,
  options: ValidateOptions,
  l: Localizer,
): FieldErrors {
  const trusted = options.trustedOrigins ?? [];
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] ??= [];
    errors[field].push(message);
  };

  const prompt = body.prompt;
  if (typeof prompt !== 'string' || !hasVisibleCharacter(prompt))
    add('prompt', l.t('validation:promptRequired'));
  else if (promptLength(prompt) > MAX_PROMPT_LENGTH)
    add('prompt', l.t('validation:promptTooLong', { max: MAX_PROMPT_LENGTH, count: promptLength(prompt) }));

  if (typeof body.model !== 'string' || body.model === '') {
    add('model', l.t('validation:modelRequired'));
    return errors;
  }
  if (!model) {
    add('model', l.t('validation:unknownModel', { model: body.model }));
    return errors;
  }

  const isMotion = MOTION_SLUGS.has(model.slug);
  const isOrbit = ORBIT_SLUGS.has(model.slug);

  checkChoice(l, body.aspect_ratio, 'aspect_ratio', 'aspectRatio', model.aspect_ratios, add);
  if (
    model.slug === 'lang-image-2' &&
    typeof body.aspect_ratio === 'string' &&
    /^\d+\s*[x×*]\s*\d+$/i.test(body.aspect_ratio)
  ) {
    errors.aspect_ratio = [l.t('validation:pixelSize', { model: model.slug })];
  }
  checkChoice(l, body.resolution, 'resolution', 'resolution', model.resolutions, add);
  checkChoice(l, body.mode, 'mode', 'mode', model.modes, add);

  if (body.duration !== undefined) {
    // The plural follows the longest duration the model takes ("always 8 seconds").
    const durations = { model: model.label, durations: describeDurations(model.durations, l) };
    const count = Math.max(0, ...model.durations);
    if (model.type === 'image') add('duration', l.t('validation:imageNoDuration'));
    else if (!takesDuration(model.slug))
      add('duration', l.t('validation:fixedDuration', { ...durations, count }));
    else if (typeof body.duration !== 'number' || !Number.isInteger(body.duration))
      add('duration', l.t('validation:durationWhole'));
    else if (!model.durations.includes(body.duration))
      add('duration', l.t('validation:durationOneOf', { ...durations, count }));
  }

  if (body.style !== undefined) {
    if (!isOrbit) add('style', l.t('validation:styleOnlyOrbit'));
    else checkChoice(l, body.style, 'style', 'style', ORBIT_STYLES, add);
  }
  for (const field of ORBIT_ONLY_BOOLEANS) {
    if (body[field] === undefined) continue;
    if (!isOrbit) add(field, l.t('validation:onlyOrbit', { field }));
    else if (typeof body[field] !== 'boolean') add(field, l.t('validation:trueOrFalse', { field }));
  }
  for (const field of MOTION_ONLY_FIELDS) {
    if (body[field] === undefined) continue;
    if (!isMotion) add(field, l.t('validation:onlyMotion', { field }));
    else if (typeof body[field] !== 'boolean') add(field, l.t('validation:trueOrFalse', { field }));
  }
  if (body.seed !== undefined) {
    if (!isMotion) add('seed', l.t('validation:seedOnlyMotion'));
    else if (typeof body.seed !== 'number' || !Number.isInteger(body.seed))
      add('seed', l.t('validation:seedWhole'));
  }

  for (const field of ['video_urls', 'audio_urls'] as const) {
    if (body[field] === undefined) continue;
    if (!isMotion) {
      add(field, l.t('validation:mediaOnlyMotion', { field }));
      continue;
    }
    const urls = checkUrlList(l, body[field], field, add, trusted);
    if (urls && urls.length > MAX_MEDIA_REFERENCES)
      add(field, l.t('validation:mediaMax', { max: MAX_MEDIA_REFERENCES, field }));
  }

  const urls =
    body.image_urls === undefined ? [] : checkUrlList(l, body.image_urls, 'image_urls', add, trusted);
  if (urls) {
    const limitMessage = imageUrlLimit(l, model, urls.length, body.mode);
    if (limitMessage) add('image_urls', limitMessage);
  }
  return errors;
}

/** The model-specific rule on how many image_urls a request may carry, or undefined when the count is fine. */
function imageUrlLimit(l: Localizer, model: Model, count: number, mode: unknown): string | undefined {
  // frame mode is image-to-video: the one image is the first frame, so it is required.
  if (model.slug === 'vista-3.1-fast' && mode === 'frame' && count !== 1) return l.t('validation:vistaFrame');
  if (count === 0) return undefined;
  switch (model.slug) {
    case 'vista-3.1-lite':
      return l.t('validation:vistaLite');
    case 'omni-flash-ext':
      return count === 1 || count === 3 ? undefined : l.t('validation:omni');
    case 'lang-image-2':
      return count > LANG_IMAGE_2_MAX_IMAGE_URLS
        ? l.t('validation:langImage2Max', { max: LANG_IMAGE_2_MAX_IMAGE_URLS })
        : undefined;
    case 'dream-5.0-lite':
      return count > DREAM_LITE_MAX_IMAGE_URLS
        ? l.t('validation:dreamLiteMax', { max: DREAM_LITE_MAX_IMAGE_URLS })
        : undefined;
    case 'vista-3.1-fast':
      if (mode === 'ingredient' && count > VISTA_INGREDIENT_MAX_IMAGE_URLS)
        return l.t('validation:vistaIngredientMax', { max: VISTA_INGREDIENT_MAX_IMAGE_URLS });
      break;
  }
  if (MOTION_SLUGS.has(model.slug) && count > MOTION_MAX_IMAGE_URLS)
    return l.t('validation:motionMax', { max: MOTION_MAX_IMAGE_URLS });
  if (count > MAX_IMAGE_URLS) return l.t('validation:imageUrlsMax', { max: MAX_IMAGE_URLS });
  return undefined;
}

/** The fields checked against a list of allowed values, by their key in the `validation` texts. */
type ChoiceField = 'aspectRatio' | 'resolution' | 'mode' | 'style';

function checkChoice(
  l: Localizer,
  value: unknown,
  field: string,
  key: ChoiceField,
  allowed: readonly string[],
  add: (field: string, message: string) => void,
): void {
  if (value === undefined) return;
  if (allowed.length === 0) add(field, l.t(`validation:none.${key}`));
  else if (typeof value !== 'string' || !allowed.includes(value))
    add(field, l.t(`validation:oneOf.${key}`, { values: allowed.join(', ') }));
}

function checkUrlList(
  l: Localizer,
  value: unknown,
  field: string,
  add: (field: string, message: string) => void,
  trustedOrigins: readonly string[],
): string[] | undefined {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    add(field, l.t('validation:urlList', { field }));
    return undefined;
  }
  // Judged from the text alone, without DNS: this runs before the 3 s interaction answer, and
  // the service (not the bot) fetches these URLs, so a name that resolves privately is its to refuse.
  for (const text of value as string[]) {
    const problem = urlProblem(text, trustedOrigins);
    if (problem) {
      const url = text.slice(0, 100);
      add(
        field,
        problem.kind === 'not_http'
          ? l.t('validation:notHttpUrl', { url })
          : l.t('validation:notPublic', { url, reason: l.t(`validation:nonPublic.${problem.code}`) }),
      );
      return undefined;
    }
  }
  return value as string[];
}

type UrlProblem =
  | { kind: 'not_http' }
  | { kind: 'not_public'; code: Exclude<NonPublicCode, 'not_url' | 'not_http'> };

/** Why the service cannot be given this URL as a reference, or undefined when it can. */
function urlProblem(text: string, trustedOrigins: readonly string[]): UrlProblem | undefined {
  const parsed = parsePublicHttpUrl(text);
  if (!('code' in parsed)) return undefined;
  if (parsed.code === 'not_url' || parsed.code === 'not_http') return { kind: 'not_http' };
  if (trustedOrigins.length > 0 && trustedOrigins.includes(originOf(text))) return undefined;
  return { kind: 'not_public', code: parsed.code };
}

/** Whether the service can be given this URL as a reference: public http(s), or on one of its own origins. */
export function isUsableReference(text: string, trustedOrigins: readonly string[] = []): boolean {
  return urlProblem(text, trustedOrigins) === undefined;
}

function originOf(text: string): string {
  try {
    return new URL(text).origin;
  } catch {
    return '';
  }
}

/** A prompt's length in characters (code points; see MAX_PROMPT_LENGTH). */
export function promptLength(prompt: string): number {
  let count = 0;
  for (const _ of prompt) count++;
  return count;
}

/**
 * Characters that show nothing on their own: whitespace, controls, format characters (zero-width
 * space, joiners, BOM), default-ignorables (Hangul fillers U+115F/U+1160/U+3164/U+FFA0,
 * variation selectors), combining marks with no base, and the blank Braille pattern U+2800.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether a prompt shows anything at all; a prompt of invisible characters only is empty. */
export function hasVisibleCharacter(prompt: string): boolean {
  return prompt.replace(INVISIBLE, '') !== '';
}

/** "6 to 30" for a run of consecutive values, "4, 6, 8 or 10" otherwise, in `l`'s language. */
export function describeDurations(durations: readonly number[], l: Localizer): string {
  if (durations.length === 0) return l.t('validation:noDurations');
  const sorted = [...durations].sort((a, b) => a - b);
  const first = sorted[0] as number;
  const last = sorted[sorted.length - 1] as number;
  if (sorted.length > 2 && last - first === sorted.length - 1)
    return l.t('validation:durationRange', { from: first, to: last });
  return houseList(
    l,
    sorted.map((d) => l.number(d)),
    'disjunction',
  );
}

/**
 * "a, b or c" in `l`'s language (Intl.ListFormat). The bot's English writes lists without the
 * serial comma ("MP4, WebM or MOV"), as British English does, so English lists are written so.
 */
export function houseList(
  l: Localizer,
  items: readonly string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  if (l.language !== 'en') return l.list(items, type);
  return BRITISH_LISTS[type].format(items);
}

/** Made once: validation runs before the defer, within Discord's 3 s. */
const BRITISH_LISTS = {
  conjunction: new Intl.ListFormat('en-GB', { type: 'conjunction' }),
  disjunction: new Intl.ListFormat('en-GB', { type: 'disjunction' }),
};
