/** English: the source of every key; the other languages are checked against it. */
export default {
  /** A length of time in seconds, with its unit. */
  seconds: '{{count, number}} s',
  /** A price per second of video. */
  perSecond: '{{amount, money}}/s',
} as const;
