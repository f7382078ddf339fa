/** The simulator's /account routes: the balance and spend, and the usage log's pages. */

import { findModel } from '../models.ts';
import { type Reply, validationError } from '../reply.ts';
import type { SimState } from '../state.ts';
import { intParam, typeParam } from './query-params.ts';

/** GET /account. */
export function getAccount(state: SimState): Reply {
  return {
    status: 200,
    json: {
      data: {
        name: 'Simulator Account',
        email: 'simulator@example.invalid',
        usd_balance: roundUsd4(state.balance),
        usd_spent: roundUsd4(state.spent),
      },
    },
  };
}

/** GET /account/usage. */
export function listUsage(state: SimState, query: URLSearchParams): Reply {
  const type = typeParam(query);
  if (typeof type === 'object') return validationError({ type: [type.error] });
  const perPage = intParam(query, 'per_page', 25, 100);
  if (typeof perPage === 'string') return validationError({ per_page: [perPage] });
  const page = intParam(query, 'page', 1);
  if (typeof page === 'string') return validationError({ page: [page] });
  const modelParam = query.get('model');
  // An unknown model filter matches nothing rather than being an error.
  const modelSlug = modelParam ? (findModel(modelParam)?.slug ?? modelParam) : undefined;
  const all = state.usage({ modelSlug, type });
  return {
    status: 200,
    json: {
      data: all.slice((page - 1) * perPage, page * perPage),
      current_page: page,
      per_page: perPage,
      total: all.length,
    },
  };
}

/** USD with 4 decimals, as the account endpoint states amounts. */
function roundUsd4(micros: number): number {
  return Math.round(micros / 100) / 10_000;
}
