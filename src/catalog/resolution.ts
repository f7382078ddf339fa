/**
 * A request's resolution, worked out once: what the service will use (the one asked for, else the
 * model's first, its default) and the step above it that a result's Higher resolution button
 * offers. The quote, the simulator's reported parameters, the model menu and the button all read
 * it from here; validation checks a resolution asked for against the same list (validate.ts).
 */
import type { CreateGenerationRequest, Model } from '../media/schemas.ts';

/** The resolution the service will use: the one asked for, else the model's first (its default). */
export function effectiveResolution(
  model: Model,
  req: Pick<CreateGenerationRequest, 'resolution'>,
): string | undefined {
  return req.resolution ?? model.resolutions[0];
}

/**
 * The resolution one step above what `req` makes, when the model has one: undefined for the
 * model's highest, and for a resolution the model no longer lists.
 */
export function higherResolution(
  model: Model,
  req: Pick<CreateGenerationRequest, 'resolution'>,
): string | undefined {
  const current = effectiveResolution(model, req);
  const index = current === undefined ? -1 : model.resolutions.indexOf(current);
  if (index < 0) return undefined;
  return model.resolutions[index + 1];
}
