/**
 * Which budget line each request the simulator received falls on (a submission, a list poll, a
 * single poll, the rest), and the requests counted by line: the classification every request
 * figure of the report is built on.
 */
import type { RecordedRequest } from '../src/sim/server.ts';

export type RequestKind = 'submissions' | 'listPolls' | 'singlePolls' | 'other';

export interface RequestCounts {
  total: number;
  submissions: number;
  listPolls: number;
  /** Of the list polls, those asking for one type's page (the rest are the combined list). */
  typedPages: number;
  singlePolls: number;
  /** GET /models, /account, ... */
  other: number;
  /** Answered 429 (also counted in their kind). */
  rateLimited: number;
}

const API_PREFIX = '/api/v1';

/** Which budget line a request falls on; output downloads (/files) are not API requests and not counted. */
export function kindOf(r: RecordedRequest): RequestKind | undefined {
  if (!r.path.startsWith(API_PREFIX)) return undefined;
  const path = r.path.slice(API_PREFIX.length);
  if (path === '/generations') return r.method === 'POST' ? 'submissions' : 'listPolls';
  if (/^\/generations\/[^/]+$/.test(path) && r.method === 'GET') return 'singlePolls';
  return 'other';
}

/** API requests received in [from, to) of clock time, by kind. */
export function countRequests(requests: RecordedRequest[], from = -Infinity, to = Infinity): RequestCounts {
  const counts: RequestCounts = {
    total: 0,
    submissions: 0,
    listPolls: 0,
    typedPages: 0,
    singlePolls: 0,
    other: 0,
    rateLimited: 0,
  };
  for (const r of requests) {
    if (r.at < from || r.at >= to) continue;
    const kind = kindOf(r);
    if (!kind) continue;
    counts.total++;
    counts[kind]++;
    if (kind === 'listPolls' && r.query.type) counts.typedPages++;
    if (r.status === 429) counts.rateLimited++;
  }
  return counts;
}
