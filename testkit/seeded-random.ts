/**
 * A small seeded generator (mulberry32): the same seed, the same numbers. Deterministic, fast, good
 * enough for load shapes and generated cases; shared by the benchmark's workloads, the gallery's
 * seeding and the index's contract cases.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
