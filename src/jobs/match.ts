/**
 * Which generation in the service's list is ours, when the answer to our POST was lost. A wrong
 * match charges one member for another's generation and leaves a reply hanging, so a generation
 * matches only when everything the service echoes agrees with what was sent.
 */
import { SLUG_ALIASES } from '../catalog/service-rules.ts';
import type { CreateGenerationRequest, Generation, Model } from '../media/schemas.ts';

/** The request fields the service echoes in a record's `parameters` (spec: "resolved parameters"). */
const ECHOED_FIELDS = ['aspect_ratio', 'duration', 'resolution', 'mode'] as const;

/** A slug with its alternate spelling folded in (`dream-5-lite` is `dream-5.0-lite`). */
export function canonicalSlug(slug: string): string {
  return SLUG_ALIASES[slug] ?? slug;
}

/**
 * Whether `g` may be the generation created by `request` on `model`: same model (through the alias
 * table, whichever slug the service lists it under), type, prompt, and every echoed parameter that
 * was sent. A parameter the record does not carry is no evidence either way: the spec says
 * `parameters` "may contain" them.
 */
export function matchesRequest(g: Generation, request: CreateGenerationRequest, model: Model): boolean {
  if (canonicalSlug(g.model) !== canonicalSlug(model.slug) && g.model !== request.model) return false;
  if (g.type !== model.type || g.prompt !== request.prompt) return false;
  for (const field of ECHOED_FIELDS) {
    const sent = request[field];
    if (sent === undefined || !(field in g.parameters)) continue;
    if (g.parameters[field] !== sent) return false;
  }
  return true;
}
