/**
 * The simulator's /generations routes: POST (submit, charge, and the failures injected through
 * markers or injectNext), the list (combined, or one type's pages) and one generation by id.
 */
import type { IncomingMessage } from 'node:http';
import { quoteMicros } from '../../catalog/pricing.ts';
import { validateCreateRequest } from '../../catalog/validate.ts';
import { english } from '../../i18n/index.ts';
import type { CreateGenerationRequest } from '../../media/schemas.ts';
import { formatUsd, microsToUsd } from '../../money.ts';
import { type InjectedBehaviour, mergeBehaviour, parseMarkers } from '../markers.ts';
import { findModel } from '../models.ts';
import { error, type Reply, validationError } from '../reply.ts';
import type { FileUrl, SimState } from '../state.ts';
import { intParam, typeParam } from './query-params.ts';

/** What a POST /generations reads and changes beyond its request. */
export interface Submissions {
  state: SimState;
  fileUrl: FileUrl;
  /** The simulator's own origin, known once it listens: its outputs are references it may fetch. */
  origin: () => string;
  /** Behaviours queued by injectNext, the first taken by each POST that passes auth and the rate limit. */
  injected: InjectedBehaviour[];
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The body as JSON, or the message of the 422 that answers a body too large or not JSON. */
async function readJson(req: IncomingMessage): Promise<{ body: unknown } | { error: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { error: `The request body may be at most ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { error: 'The request body must be JSON.' };
  }
}

/** POST /generations. */
export async function createGeneration(
  sim: Submissions,
  req: IncomingMessage,
  /** The request's entry in `Simulator.requests`, which keeps the body parsed here. */
  record: { body?: unknown },
): Promise<Reply> {
  const { state, fileUrl } = sim;
  const queued = sim.injected.shift();
  const parsed = await readJson(req);
  if ('error' in parsed) return validationError({ body: [parsed.error] });
  record.body = parsed.body;
  const body = parsed.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return validationError({ body: ['The request body must be a JSON object.'] });
  }
  const fields = body as Record<string, unknown>;
  const behaviour = mergeBehaviour(
    queued,
    typeof fields.prompt === 'string' ? parseMarkers(fields.prompt) : {},
  );
  const delayMs = behaviour.delayMs;
  if (behaviour.status === 500 && !behaviour.afterCreate) return { ...error(500, 'Server Error'), delayMs };
  if (behaviour.status === 422) {
    return {
      ...validationError({ image_urls: ['The image could not be downloaded from the given URL.'] }),
      delayMs,
    };
  }

  const model = findModel(fields.model);
  // Its own outputs are references it can fetch, though they are on 127.0.0.1 (Animate, Continue).
  // The simulator answers as the service does: in English.
  const errors = validateCreateRequest(model, fields, { trustedOrigins: [sim.origin()] }, english);
  if (!model || Object.keys(errors).length > 0) return { ...validationError(errors), delayMs };

  const request = fields as unknown as CreateGenerationRequest;
  const price = quoteMicros(model, request);
  const balance = state.balance;
  if (price > balance) {
    return {
      status: 402,
      json: {
        error: 'insufficient_balance',
        message: `This generation costs ${formatUsd(price)} but the balance is ${formatUsd(balance)}.`,
        required: microsToUsd(price),
        balance: microsToUsd(balance),
      },
      delayMs,
    };
  }
  const id = state.create(model, request, price, behaviour);
  if (behaviour.afterCreate) return { ...error(500, 'Server Error'), delayMs };
  return { status: 201, json: { data: state.view(id, fileUrl), price_usd: microsToUsd(price) }, delayMs };
}

/** GET /generations: the combined most-recent list without `type`, else one page of that type. */
export function listGenerations(state: SimState, fileUrl: FileUrl, query: URLSearchParams): Reply {
  const type = typeParam(query);
  if (typeof type === 'object') return validationError({ type: [type.error] });
  const perPage = intParam(query, 'per_page', 20, 100);
  if (typeof perPage === 'string') return validationError({ per_page: [perPage] });
  const all = state.list(type, fileUrl);
  if (!type) return { status: 200, json: { data: all.slice(0, perPage) } };
  const page = intParam(query, 'page', 1);
  if (typeof page === 'string') return validationError({ page: [page] });
  const meta = {
    current_page: page,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
    per_page: perPage,
    total: all.length,
  };
  return { status: 200, json: { data: all.slice((page - 1) * perPage, page * perPage), meta } };
}

/** GET /generations/{id}. */
export function getGeneration(state: SimState, fileUrl: FileUrl, id: string): Reply {
  const data = state.view(id, fileUrl);
  return data ? { status: 200, json: { data } } : error(404, 'Generation not found.');
}
