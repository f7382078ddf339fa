/**
 * The words of a prompt and of a search, folded the same way for both engines: a search finds a
 * prompt when every word it asks for is one of the prompt's, whatever their case and accents
 * ("Renard Roux" finds "renard roux" and "Rénard roux"). Both indexes store the folded words (not
 * the text as typed), so SQLite's tokenizer and the Redis sets see exactly the words this module
 * makes, and a search's words are these too.
 */

/** A search keeps at most this many words (a phrase's words count): each one is a check per candidate. */
export const MAX_SEARCH_WORDS = 12;
/** A longer word is not searched for (nor kept in Redis's word sets): no prompt word is that long on purpose. */
export const MAX_WORD_LENGTH = 64;

const COMBINING_MARKS = /\p{M}/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Compatibility-decomposed (ﬁ → fi, ｆｕｌｌ → full), accents dropped, lower case. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The folded words of a text, in order, repeats kept: runs of letters and digits. */
export function foldedWords(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

export interface ParsedSearch {
  /** Every word the result must contain, folded, each once (a phrase's words are here too). */
  words: string[];
  /** Runs of words that must occur in this order, side by side (two words or more each). */
  phrases: string[][];
}

/**
 * The search box as typed: bare words (all required, any order) and "quoted phrases" (in order). An
 * unclosed quote runs to the end. Never throws: what is beyond the limits is dropped, so a search
 * can only find more than asked, never miss what was asked. A word longer than MAX_WORD_LENGTH is
 * dropped (a phrase around it is split there); words after the MAX_SEARCH_WORDS-th distinct one
 * are dropped (a phrase is cut there).
 */
export function parseSearch(q: string): ParsedSearch {
  const words: string[] = [];
  const seen = new Set<string>();
  const phrases: string[][] = [];
  const seenPhrases = new Set<string>();
  let full = false;

  /** Takes a word unless the search is full; false once it is. */
  const take = (word: string): boolean => {
    if (seen.has(word)) return true;
    if (seen.size >= MAX_SEARCH_WORDS) {
      full = true;
      return false;
    }
    seen.add(word);
    words.push(word);
    return true;
  };
  const keepPhrase = (phrase: string[]) => {
    if (phrase.length < 2) return;
    const key = phrase.join(' ');
    if (seenPhrases.has(key)) return;
    seenPhrases.add(key);
    phrases.push(phrase);
  };

  // Even parts are outside quotes, odd parts inside (the last one unclosed when the count is odd).
  const parts = q.split('"');
  for (let i = 0; i < parts.length && !full; i++) {
    const found = foldedWords(parts[i] ?? '');
    if (i % 2 === 0) {
      for (const word of found) {
        if (word.length <= MAX_WORD_LENGTH && !take(word)) break;
      }
      continue;
    }
    let phrase: string[] = [];
    for (const word of found) {
      if (word.length > MAX_WORD_LENGTH) {
        keepPhrase(phrase);
        phrase = [];
        continue;
      }
      if (!take(word)) break;
      phrase.push(word);
    }
    keepPhrase(phrase);
  }
  return { words, phrases };
}

/** The folded words as both engines store them for phrases: one space between, one around. */
export function phraseText(words: readonly string[]): string {
  return ` ${words.join(' ')} `;
}
