import { describe, expect, it } from 'vitest';
import { AnswerCache, answerOf, canonicalJson, VersionReader } from './catalogue-cache.js';

describe('AnswerCache', () => {
  it('keeps its estimated size under the bound, evicting the least recently used first', () => {
    const cache = new AnswerCache(8 * 1000);
    const answer = (n: number) => answerOf({ n, pad: 'x'.repeat(100) });
    for (let i = 0; i < 100; i++) {
      cache.set(`k${i}`, answer(i));
      if (i === 10) expect(cache.get('k0')?.body).toBe(answer(0).body); // k0 used again: kept longer than k1
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(100);
    expect(cache.get('k99')?.body).toBe(answer(99).body);
    expect(cache.get('k1')).toBeUndefined();
  });

  it('does not keep an answer larger than an eighth of the bound', () => {
    const cache = new AnswerCache(8000);
    cache.set('big', answerOf('x'.repeat(600)));
    expect(cache.size).toBe(0);
  });
});

describe('VersionReader', () => {
  it('shares a read only among calls made before it was sent', async () => {
    const sent: number[] = [];
    const pending: ((v: string) => void)[] = [];
    const reader = new VersionReader(
      () =>
        new Promise<string>((resolve) => {
          sent.push(sent.length);
          pending.push(resolve);
        }),
    );
    const a = reader.current();
    const b = reader.current(); // the first read may predate b: b waits for the next
    const c = reader.current(); // shares b's read
    expect(sent).toEqual([0]);
    pending[0]!('v1');
    expect(await a).toBe('v1');
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([0, 1]);
    pending[1]!('v2');
    expect([await b, await c]).toEqual(['v2', 'v2']);
    // Nothing in flight: a new call sends a new read.
    const d = reader.current();
    expect(sent).toEqual([0, 1, 2]);
    pending[2]!('v3');
    expect(await d).toBe('v3');
  });
});

describe('canonicalJson', () => {
  it('orders keys so equal queries share a key', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: null }], c: undefined })).toBe(
      '{"a":[{"x":null,"y":2}],"b":1}',
    );
  });
});
