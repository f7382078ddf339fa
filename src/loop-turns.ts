/**
 * Turns of the event loop, one piece of work in each, so that what arrives meanwhile is not kept
 * waiting behind a batch.
 *
 * Delivery works in batches: a list's answer hands several finished generations over at once, and
 * their steps (store reads, card renders, Discord edits) run as chains of promise continuations that
 * Node runs back to back, with no look at the sockets in between: the store's answers come in a
 * batch from libuv's thread pool, and each drains its continuations before the next. An
 * interaction that arrives then (an autocomplete must be answered at once) waits for the whole
 * batch: tens of ms at the benchmark's saturated load (docs/performance.md, CPU). `loopTurn()`
 * resolves one waiter per turn of the loop: the first in this turn's check phase, each next one
 * from an immediate queued by the one before, which Node runs only in the following turn, after
 * it has polled the sockets again. The cost is a turn per waiter ahead (microseconds when idle).
 */

/** Waiters by lane: `first` (a delivery) is always served before `later` (a waiting card's place). */
const lanes = { first: [] as (() => void)[], later: [] as (() => void)[] };
let pumping = false;

/**
 * Resolves in a turn of the event loop of its own, after the waiters before it in its lane and
 * after every waiter of the `first` lane: a waiting member's card edits (hundreds when the queue is
 * long) never hold back a delivery.
 */
export function loopTurn(lane: keyof typeof lanes = 'first'): Promise<void> {
  return new Promise((resolve) => {
    lanes[lane].push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}

function pump(): void {
  (lanes.first.shift() ?? lanes.later.shift())?.();
  // Queued from inside an immediate: it runs in the next turn, after that turn's poll for I/O.
  if (lanes.first.length + lanes.later.length > 0) setImmediate(pump);
  else pumping = false;
}
