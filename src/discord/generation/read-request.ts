/**
 * A slash command's typed arguments (args.ts), turned into a create request. The commands map
 * their own options to these fields (so a renamed option breaks the build there); this module
 * tidies what the member gave and leaves out what they did not: the service fills defaults.
 */
import type { CreateGenerationRequest, MediaType } from '../../media/schemas.ts';

/** Used when the member picks no model: the cheapest sensible one of each type. */
export const DEFAULT_MODELS: Record<MediaType, string> = { image: 'lang-4o-image', video: 'quick-video-1' };

/** Every field of POST /generations, as the commands read them (absent when not given). */
export type RequestFields = { prompt: string } & {
  [K in Exclude<keyof CreateGenerationRequest, 'prompt'>]?: CreateGenerationRequest[K] | undefined;
};

/**
 * The create request for what the member gave: strings trimmed and dropped when blank, empty URL
 * lists dropped, the type's default model when none was named. Nothing else is defaulted.
 */
export function readRequest(type: MediaType, fields: RequestFields): CreateGenerationRequest {
  const request: CreateGenerationRequest = {
    model: fields.model?.trim() || DEFAULT_MODELS[type],
    prompt: fields.prompt,
  };
  for (const [name, value] of Object.entries(fields) as [keyof CreateGenerationRequest, unknown][]) {
    if (name === 'model' || name === 'prompt' || value === undefined) continue;
    if (typeof value === 'string') {
      if (value.trim()) Object.assign(request, { [name]: value.trim() });
    } else if (Array.isArray(value)) {
      if (value.length > 0) Object.assign(request, { [name]: [...value] });
    } else {
      Object.assign(request, { [name]: value });
    }
  }
  return request;
}

/** URLs typed into one option, separated by spaces (not commas: a URL may contain one). */
export function splitUrls(text: string | undefined): string[] {
  return text ? text.split(/\s+/).filter(Boolean) : [];
}
