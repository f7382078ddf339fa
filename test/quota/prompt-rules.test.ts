/** A server's prompt rules: whole words, case and accents folded, phrases in a row, `*` for endings. */
import { describe, expect, it } from 'vitest';
import {
  MAX_PATTERN_LENGTH,
  normalizePattern,
  PromptRules,
  promptRulesOf,
} from '../../src/quota/prompt-rules.ts';

const rules = (...patterns: string[]) =>
  new PromptRules(
    patterns.map((p) => {
      const n = normalizePattern(p);
      if ('refused' in n) throw new Error(`${p}: ${n.refused}`);
      return n.pattern;
    }),
  );

describe('a prompt rule', () => {
  it('matches whole words only: "class" does not break "ass"', () => {
    const r = rules('ass');
    expect(r.firstMatch('a classic class of bassoons')).toBeUndefined();
    expect(r.firstMatch('a donkey, also called an ASS, in a field')).toBe('ass');
  });

  it('folds case and accents both ways: "Ñandú" matches "nandu" and the other way round', () => {
    expect(rules('Ñandú').firstMatch('a NANDU running')).toBe('nandu');
    expect(rules('nandu').firstMatch('un ñandú corriendo')).toBe('nandu');
    expect(rules('café').firstMatch('CAFE\u0301 au lait')).toBe('cafe');
  });

  it('matches a phrase only with its words in a row', () => {
    const r = rules('red fox');
    expect(r.firstMatch('a Red  Fox, asleep')).toBe('red fox');
    expect(r.firstMatch('a red and sleepy fox')).toBeUndefined();
    expect(r.firstMatch('a red')).toBeUndefined();
  });

  it('takes `*` at a word\u2019s end for its endings, in any word of a phrase', () => {
    const r = rules('fox*', 'dark wiz*');
    expect(r.firstMatch('three foxes')).toBe('fox*');
    expect(r.firstMatch('a fox')).toBe('fox*');
    expect(r.firstMatch('a firefox')).toBeUndefined();
    expect(r.firstMatch('the dark wizardry')).toBe('dark wiz*');
    expect(r.firstMatch('the darkest wizard')).toBeUndefined();
  });

  it('refuses a pattern with no word, too long, or with `*` anywhere but a word\u2019s end', () => {
    expect(normalizePattern('  !!  ')).toEqual({ refused: 'empty' });
    expect(normalizePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toEqual({ refused: 'too-long' });
    expect(normalizePattern('f*x')).toEqual({ refused: 'star' });
    expect(normalizePattern('*')).toEqual({ refused: 'star' });
    expect(normalizePattern(' Ñandú   Rojo* ')).toEqual({ pattern: 'nandu rojo*' });
  });

  it('checks 500 patterns and finds the one a long prompt breaks', () => {
    const patterns = Array.from({ length: 500 }, (_, i) => `word${i}${i % 3 === 0 ? '*' : ''}`);
    const r = promptRulesOf(patterns);
    expect(r.size).toBe(500);
    const prompt = `${'a quiet lake at dawn, '.repeat(90)} and word499`;
    expect(r.firstMatch(prompt)).toBe('word499');
    expect(r.firstMatch(`${prompt.slice(0, 1_900)} word3s`)).toBe('word3*');
    expect(promptRulesOf([...patterns])).toBe(r);
  });
});
