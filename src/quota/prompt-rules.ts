/**
 * A server's own prompt rules: words and phrases its admins do not allow in a request's prompt.
 * A pattern matches whole words, case and accents folded (`Ñandú` is `nandu`), a phrase its words
 * in a row; `*` at a word's end matches that word's endings (`fox*` matches `foxes`), nothing else
 * is special. `class` does not match `ass`: words are compared whole, never inside another word.
 *
 * Fast for any prompt: the patterns are compiled once per list into maps by their first word (and
 * by the stem of a first word with `*`), so a check costs a few map lookups per word of the prompt,
 * whatever the number of patterns (the benchmark's `prompt-rules` times 500 patterns against
 * 2,000-character prompts).
 */

/** The most patterns a server may have, and the longest one. */
export const MAX_PATTERNS = 500;
export const MAX_PATTERN_LENGTH = 100;

/** A word of the text, folded: lower case, accents and other marks removed (NFKD). */
export function foldedWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}*]+/u)
    .filter((w) => w.length > 0);
}

/** Why a pattern an admin typed cannot be a rule. */
export type PatternRefusal = 'empty' | 'too-long' | 'star';

/**
 * The pattern as it is kept and compared: its folded words, one space apart (`Ñandú  rojo*` is
 * `nandu rojo*`), or why it cannot be one: no word, longer than MAX_PATTERN_LENGTH, or a `*`
 * that is not at a word's end (or a word that is only `*`).
 */
export function normalizePattern(text: string): { pattern: string } | { refused: PatternRefusal } {
  if (text.length > MAX_PATTERN_LENGTH) return { refused: 'too-long' };
  const words = foldedWords(text);
  if (words.length === 0) return { refused: 'empty' };
  for (const w of words) if (!/^[^*]+\*?$/u.test(w)) return { refused: 'star' };
  return { pattern: words.join(' ') };
}

interface Compiled {
  /** The pattern as kept, returned when it matches. */
  pattern: string;
  words: { text: string; prefix: boolean }[];
}

/** The patterns compiled for checks: by the first word, or by the stem of a first word with `*`. */
export class PromptRules {
  private readonly exact = new Map<string, Compiled[]>();
  private readonly stems = new Map<string, Compiled[]>();
  private readonly longestStem: number;

  constructor(patterns: readonly string[]) {
    let longest = 0;
    for (const pattern of patterns) {
      const words = pattern.split(' ').map((w) => ({ text: w.replace(/\*$/, ''), prefix: w.endsWith('*') }));
      const first = words[0];
      if (!first || first.text.length === 0) continue;
      const compiled = { pattern, words };
      const map = first.prefix ? this.stems : this.exact;
      map.set(first.text, [...(map.get(first.text) ?? []), compiled]);
      if (first.prefix) longest = Math.max(longest, first.text.length);
    }
    this.longestStem = longest;
  }

  get size(): number {
    let n = 0;
    for (const list of this.exact.values()) n += list.length;
    for (const list of this.stems.values()) n += list.length;
    return n;
  }

  /** The first pattern `text` breaks, or undefined. */
  firstMatch(text: string): string | undefined {
    if (this.exact.size === 0 && this.stems.size === 0) return undefined;
    const words = foldedWords(text).map((w) => w.replaceAll('*', ''));
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      for (const c of this.exact.get(word) ?? []) if (this.matchesAt(c, words, i)) return c.pattern;
      for (let k = Math.min(word.length, this.longestStem); k >= 1; k--) {
        for (const c of this.stems.get(word.slice(0, k)) ?? [])
          if (this.matchesAt(c, words, i)) return c.pattern;
      }
    }
    return undefined;
  }

  private matchesAt(c: Compiled, words: readonly string[], at: number): boolean {
    if (at + c.words.length > words.length) return false;
    return c.words.every((p, j) => {
      const w = words[at + j] as string;
      return p.prefix ? w.startsWith(p.text) : w === p.text;
    });
  }
}

/** Compiled lists kept by their text: each request checks the server's list, which rarely changes. */
const compiledLists = new Map<string, PromptRules>();
const KEPT_LISTS = 200;

/** The compiled rules of a server's list (kept while the list is unchanged). */
export function promptRulesOf(patterns: readonly string[]): PromptRules {
  const key = patterns.join('\n');
  let rules = compiledLists.get(key);
  if (!rules) {
    rules = new PromptRules(patterns);
    compiledLists.set(key, rules);
    if (compiledLists.size > KEPT_LISTS) compiledLists.delete(compiledLists.keys().next().value as string);
  }
  return rules;
}
