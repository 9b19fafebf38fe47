import { describe, expect, it } from 'vitest';
import { BatchedReader } from './batched-read.js';

/** A reader whose reads are answered by hand: `sent` holds each batch's keys in sending order. */
function manual() {
  const sent: string[][] = [];
  const answers: ((values: Map<string, string> | Error) => void)[] = [];
  const reader = new BatchedReader<string, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        sent.push(keys);
        answers.push((v) => (v instanceof Error ? reject(v) : resolve(v)));
      }),
  );
  const upper = (keys: string[]) => new Map(keys.map((k) => [k, k.toUpperCase()]));
  return {
    reader,
    sent,
    answer: (i: number) => answers[i]!(upper(sent[i]!)),
    fail: (i: number) => answers[i]!(new Error('down')),
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('BatchedReader', () => {
  it('sends a read at once when none is on its way, and batches the reads asked meanwhile into the next', async () => {
    const { reader, sent, answer } = manual();
    const a = reader.read('a');
    expect(sent).toEqual([['a']]);
    // Asked while the first is on its way: even 'a' again waits (the first may predate it).
    const b = reader.read('b');
    const a2 = reader.read('a');
    const c = reader.read('c');
    const b2 = reader.read('b');
    expect(sent).toHaveLength(1);
    answer(0);
    expect(await a).toBe('A');
    await turn();
    expect(sent[1]).toEqual(['b', 'a', 'c']); // one query for four reads, each key once
    answer(1);
    expect(await Promise.all([b, a2, c, b2])).toEqual(['B', 'A', 'C', 'B']);
    // Nothing on its way: the next read goes alone, at once.
    const d = reader.read('d');
    expect(sent).toHaveLength(3);
    answer(2);
    expect(await d).toBe('D');
  });

  it('answers undefined for a key the read did not return', async () => {
    const reader = new BatchedReader<string, number>(async () => new Map([['known', 1]]));
    expect(await Promise.all([reader.read('known'), reader.read('unknown')])).toEqual([1, undefined]);
  });

  it('fails only the batch whose query failed; the next batch is still sent', async () => {
    const { reader, sent, answer, fail } = manual();
    const a = reader.read('a');
    const b = reader.read('b');
    fail(0);
    await expect(a).rejects.toThrow('down');
    await turn();
    expect(sent[1]).toEqual(['b']);
    answer(1);
    expect(await b).toBe('B');
  });

  it('turns a read that throws before its promise into a rejected batch', async () => {
    const reader = new BatchedReader<string, string>(() => {
      throw new Error('no pool');
    });
    await expect(reader.read('a')).rejects.toThrow('no pool');
    await expect(reader.read('b')).rejects.toThrow('no pool'); // not stuck "running"
  });
});
