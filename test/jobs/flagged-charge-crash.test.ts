/**
 * A 201 with an implausible price is charged at the quote and its ledger entry flagged
 * (jobs/charge.ts). When the process dies after saving the job but before settling its charge, the
 * next start settles it from the saved job (jobs/recovery.ts): the flag must come through too,
 * since the ledger is what an admin reads to find the service's odd answers. The service is the
 * simulator behind a tampering proxy over real HTTP; the store a real SQLite file, reopened as the
 * next process.
 */
import { describe, expect, it } from 'vitest';
import { jsonOf } from '../support/media-proxy.ts';
import {
  GUILD,
  type Proc,
  quotaDyingInSettle,
  recoveryOf,
  reserved,
  submitterOf,
  summaryOf,
  useMediaProxy,
  useWorld,
} from './helpers.ts';

const w = useWorld();
// The service states $20 for a $0.02 image: a thousand times the quote.
const proxy = useMediaProxy(w, async (req, forward) => {
  const answer = await forward();
  if (req.method !== 'POST' || answer.status !== 201) return answer;
  return { status: 201, json: { ...(jsonOf(answer) as Record<string, unknown>), price_usd: 20 } };
});

const clientThroughProxy = () => w.clientVia(proxy.baseUrl);

/** The next start's Recovery, whose Submitter reaches the service through the proxy. */
const recoveryThroughProxy = (proc: Proc) =>
  recoveryOf(w, proc, { submitter: submitterOf(w, proc, { client: clientThroughProxy() }) });

describe('a flagged charge across a crash', () => {
  it('settles at the next start a job saved just before the process died with the flag its charge had', async () => {
    const input = await reserved(w.proc.quota, { prompt: 'a fox with an odd receipt' });
    // The process dies while settling: the job is saved, the reservation still open.
    const dies = quotaDyingInSettle(w.proc.quota);
    const dying = submitterOf(w, w.proc, { client: clientThroughProxy(), quota: dies.quota });
    void dying.submit(input);
    await dies.settling;
    await w.proc.store.close();

    const next = await w.openProc();
    await recoveryThroughProxy(next).recoverInterrupted();

    // Charged at the quote, as the submitter would have, and flagged in the ledger.
    expect(await summaryOf(next.quota)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
    const [charge] = (await next.ledger.latest(GUILD, 1_000)).filter((e) => e.kind === 'charge');
    expect(charge).toMatchObject({
      amountMicros: 20_000,
      note: 'flagged: the service stated a price of $20.00; charged at the quote',
    });
  });
});
