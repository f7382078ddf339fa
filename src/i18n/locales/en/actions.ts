/** English: the source of every key; the other languages are checked against it. */
export default {} as const;
