/** The shape of one namespace of texts in one language: keys to texts, nested by topic. */
export interface Messages {
  readonly [key: string]: string | Messages;
}
