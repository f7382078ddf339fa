/** The simulator's /models routes: the catalog (models.ts) as the list and as one model's detail. */
import { findModel, modelDetail, SIM_MODELS } from '../models.ts';
import { error, type Reply } from '../reply.ts';

/** GET /models. */
export function listModels(): Reply {
  return { status: 200, json: { data: SIM_MODELS } };
}

/** GET /models/{slug}: a slug or its alias. */
export function getModel(slug: string): Reply {
  const model = findModel(slug);
  return model
    ? { status: 200, json: { data: modelDetail(model) } }
    : error(404, `Model "${slug}" not found.`);
}
