/** A section of the benchmark's report: what report.ts lays out and the runs' own sections (cadence, processes) fill. */
export interface Row {
  metric: string;
  target: string;
  bot: string;
  /** Whether the bot meets the target; null when the row is for information. */
  pass: boolean | null;
  /**
   * Another setting tried beside the default and judged by the default's target (the cadence
   * sweep): marked, but not a target of its own, so not listed among the targets missed.
   */
  alternative?: true;
  naive: string;
  comparison: string;
}

export interface Section {
  title: string;
  rows: Row[];
}

/** A figure to `digits` decimals, or a dash when the run has none. */
export const num = (n: number | null | undefined, digits = 1): string =>
  n === null || n === undefined ? '–' : n.toFixed(digits);
