import { describe, expect, it } from 'vitest';
import {
  fold,
  foldedWords,
  MAX_SEARCH_WORDS,
  MAX_WORD_LENGTH,
  parseSearch,
  phraseText,
} from '../../src/results/words.ts';

describe('fold', () => {
  it('drops accents and case, and decomposes compatibility forms', () => {
    expect(fold('Rénard ROUX à l’École')).toBe('renard roux a l’ecole');
    expect(fold('ﬁne ｆｕｌｌ Ångström')).toBe('fine full angstrom');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('keeps letters of every script, their marks dropped like accents', () => {
    // が is か with a combining mark once decomposed: both are found by either.
    expect(foldedWords('猫が好き, Ёжик в тумане; 42 chats')).toEqual([
      '猫か好き',
      'ежик',
      'в',
      'тумане',
      '42',
      'chats',
    ]);
  });

  it('splits on everything that is not a letter or a digit', () => {
    expect(foldedWords('a red-fox\'s den_2 (night) *NEAR* "x"')).toEqual([
      'a',
      'red',
      'fox',
      's',
      'den',
      '2',
      'night',
      'near',
      'x',
    ]);
    expect(foldedWords('  ...  ')).toEqual([]);
  });
});

describe('parseSearch', () => {
  it('folds the words and keeps each once', () => {
    expect(parseSearch('Renard roux RENARD Roux')).toEqual({ words: ['renard', 'roux'], phrases: [] });
  });

  it('reads quoted text as a phrase whose words are required too', () => {
    expect(parseSearch('forest "Renard Roux" night')).toEqual({
      words: ['forest', 'renard', 'roux', 'night'],
      phrases: [['renard', 'roux']],
    });
  });

  it('takes a one-word phrase as a word, and an unclosed quote to the end', () => {
    expect(parseSearch('"fox" "red sky')).toEqual({
      words: ['fox', 'red', 'sky'],
      phrases: [['red', 'sky']],
    });
    expect(parseSearch('""')).toEqual({ words: [], phrases: [] });
  });

  it('keeps a phrase once', () => {
    expect(parseSearch('"red fox" "Red  Fox"').phrases).toEqual([['red', 'fox']]);
  });

  it('finds nothing to search in punctuation and query syntax', () => {
    expect(parseSearch('')).toEqual({ words: [], phrases: [] });
    expect(parseSearch('* - ( ) : ^ " \'')).toEqual({ words: [], phrases: [] });
    expect(parseSearch('cat NEAR dog -bird OR *').words).toEqual(['cat', 'near', 'dog', 'bird', 'or']);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words, a phrase cut where the limit falls`, () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`);
    expect(parseSearch(many.join(' ')).words).toEqual(many.slice(0, MAX_SEARCH_WORDS));
    const cut = parseSearch(`${many.slice(0, 10).join(' ')} "p1 p2 p3 p4"`);
    expect(cut.words).toHaveLength(MAX_SEARCH_WORDS);
    expect(cut.phrases).toEqual([['p1', 'p2']]);
    // Repeats do not count.
    expect(parseSearch(`${'a '.repeat(50)} b`).words).toEqual(['a', 'b']);
  });

  it(`drops a word longer than ${MAX_WORD_LENGTH} characters and splits a phrase there`, () => {
    const long = 'x'.repeat(MAX_WORD_LENGTH + 1);
    const fits = 'y'.repeat(MAX_WORD_LENGTH);
    expect(parseSearch(`${long} ${fits}`).words).toEqual([fits]);
    expect(parseSearch(`"a b ${long} c d"`)).toEqual({
      words: ['a', 'b', 'c', 'd'],
      phrases: [
        ['a', 'b'],
        ['c', 'd'],
      ],
    });
  });

  it('never throws on any text', () => {
    const texts = ['"'.repeat(101), '\u0000\uffff\ud800', 'a'.repeat(100_000), '"a" "b'.repeat(1000)];
    for (const text of texts) expect(() => parseSearch(text)).not.toThrow();
  });
});

describe('phraseText', () => {
  it('puts one space between and around the words, so a plain find matches whole words', () => {
    expect(phraseText(['red', 'fox'])).toBe(' red fox ');
    expect(phraseText(foldedWords('a bored fox')).includes(phraseText(['red', 'fox']))).toBe(false);
  });
});
