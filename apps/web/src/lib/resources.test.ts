import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../testing';
import { invalidateAfterWrite, resourceKeys, resources } from './resources';

const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

describe('resource client: Idempotency-Key on adds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a fresh key per add, and the same key on its own retry after a lost answer', async () => {
    const calls: RequestInit[] = [];
    let failNext = true;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      if (failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch'); // the answer was lost on the way
      }
      return Response.json({ id: 7 });
    });
    await expect(resources.create('University', { name: 'A' })).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));

    await resources.create('University', { name: 'B' });
    expect(calls).toHaveLength(3);
    expect(keyOf(calls[2])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[0]));
  });

  it('does not repeat an add the server refused, and sends no key on updates', async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      return problem(409, 'Already exists');
    });
    await expect(resources.create('University', { name: 'A' })).rejects.toMatchObject({ status: 409 });
    expect(calls).toHaveLength(1);
    await expect(resources.update('University', { id: 1, name: 'A' })).rejects.toMatchObject({ status: 409 });
    expect(keyOf(calls[1])).toBeUndefined();
  });
});

describe('invalidateAfterWrite', () => {
  it('refreshes every catalogue base after a catalogue write (a course name shows in university courses)', async () => {
    const client = new QueryClient();
    for (const base of ['Course', 'UniversityCourse', 'University', 'StudentInfo'])
      client.setQueryData(
        resourceKeys.list(base, {
          filter: { operator: 'AND', conditions: [], groups: [] },
          page: 0,
          pageSize: 10,
        }),
        {},
      );
    await invalidateAfterWrite(client, 'Course');
    const stale = (base: string) =>
      client.getQueryCache().findAll({ queryKey: resourceKeys.all(base) })[0]!.state.isInvalidated;
    expect(['Course', 'UniversityCourse', 'University'].map(stale)).toEqual([true, true, true]);
    expect(stale('StudentInfo')).toBe(false);
    // A personal base's write leaves the catalogue alone.
    client.setQueryData(resourceKeys.allRows('University'), []);
    await invalidateAfterWrite(client, 'StudentInfo');
    expect(
      client.getQueryCache().find({ queryKey: resourceKeys.allRows('University') })!.state.isInvalidated,
    ).toBe(false);
  });
});
