/** Catalogs for the /models tests. */
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

/** A catalog far larger and wordier than the service's, as an odd or hostile answer could be. */
export function hugeCatalog(count: number): Model[] {
  return Array.from({ length: count }, (_, i) => ({
    ...(SIM_MODELS[i % SIM_MODELS.length] as Model),
    slug: `model-${i}-${'x'.repeat(80)}`,
    label: `Model ${i} ${'long label '.repeat(30)}`,
    aspect_ratios: Array.from({ length: 60 }, (_, r) => `${r + 1}:${r + 2}`),
    modes: Array.from({ length: 40 }, (_, m) => `mode-${m}`),
    docs_url: `https://docs.example.com/models/(${i})/${'p'.repeat(200)}`,
  }));
}
