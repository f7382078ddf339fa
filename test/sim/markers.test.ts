import { describe, expect, it } from 'vitest';
import { mergeBehaviour, parseMarkers } from '../../src/sim/markers.ts';

describe('prompt markers', () => {
  it('reads every marker, wherever it sits in the prompt', () => {
    expect(parseMarkers('a cat [sim:fail=content]')).toEqual({ fail: 'content' });
    expect(parseMarkers('[sim:fail=infrastructure] a cat')).toEqual({ fail: 'infrastructure' });
    expect(parseMarkers('x [sim:status=500] y')).toEqual({ status: 500 });
    expect(parseMarkers('x [sim:status=500-after-create]')).toEqual({ status: 500, afterCreate: true });
    expect(parseMarkers('[sim:delay=250][sim:bytes=9000000] [sim:duration=42000]')).toEqual({
      delayMs: 250,
      outputBytes: 9_000_000,
      durationMs: 42_000,
    });
  });

  it('ignores unknown or malformed markers and plain text', () => {
    expect(parseMarkers('a cat in a [box]')).toEqual({});
    expect(
      parseMarkers('[sim:fail=sometimes] [sim:delay=-5] [sim:bytes=lots] [sim:status=404] [sim:colour=red]'),
    ).toEqual({});
  });

  it('lets the prompt override an injected behaviour field by field', () => {
    expect(mergeBehaviour({ fail: 'content', delayMs: 10 }, { fail: 'infrastructure' })).toEqual({
      fail: 'infrastructure',
      delayMs: 10,
    });
    expect(mergeBehaviour({ status: 500, afterCreate: true }, { status: 500 })).toEqual({
      status: 500,
      afterCreate: false,
    });
    expect(mergeBehaviour(undefined, {})).toEqual({});
  });
});
