import { REALTIME } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHubSocket } from '../../testing/fake-hub';
import { startHub, type THubState } from './hub-connection';

// Spec 9: reconnect after 0, 2, 10 and 30 seconds, then stop; a failure is only logged.

let socket: FakeHubSocket;
let states: THubState[];
let logged: string[];
const received: unknown[] = [];
const read: number[][] = [];

async function start() {
  const hub = startHub(
    {
      onState: (s) => states.push(s),
      onNotification: (n) => received.push(n),
      onRead: (ids) => read.push(ids),
    },
    { createSocket: async () => socket, log: (m) => logged.push(m) },
  );
  await vi.advanceTimersByTimeAsync(0); // the socket is created (lazily imported in the browser)
  return hub;
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeHubSocket();
  states = [];
  logged = [];
  received.length = 0;
  read.length = 0;
});
afterEach(() => vi.useRealTimers());

const failed = (message = 'xhr poll error') => socket.fire('connect_error', new Error(message));

describe('the hub connection', () => {
  it('retries a lost connection after 0, 2, 10 and 30 seconds, then stops and says so', async () => {
    await start();
    expect(socket.connects).toBe(1);
    socket.fire('connect');
    expect(states.at(-1)).toBe('connected');
    socket.fire('disconnect', 'transport close');
    expect(states.at(-1)).toBe('reconnecting');
    for (const [delay, attempt] of [
      [0, 2],
      [2000, 3],
      [10_000, 4],
      [30_000, 5],
    ] as const) {
      if (delay > 0) {
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(socket.connects, `not before ${delay} ms`).toBe(attempt - 1);
      }
      await vi.advanceTimersByTimeAsync(1);
      expect(socket.connects, `attempt ${attempt} at ${delay} ms`).toBe(attempt);
      failed();
    }
    expect(states.at(-1)).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(socket.connects).toBe(5);
    expect(logged.length).toBe(5); // the loss and four failures, logged, nothing thrown
  });

  it('starts the schedule again after a successful reconnect', async () => {
    await start();
    failed(); // the first connection fails: retried at once
    await vi.advanceTimersByTimeAsync(0);
    failed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket.connects).toBe(3);
    socket.fire('connect');
    socket.fire('disconnect', 'ping timeout');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.connects).toBe(4); // 0 ms again, not 10 s
  });

  it('gives up at once when the session is refused, and stop() ends it for good', async () => {
    await start();
    failed('unauthorized');
    expect(states.at(-1)).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(1);

    socket = new FakeHubSocket();
    const hub = await start();
    socket.fire('connect');
    hub.stop();
    expect(socket.disconnected).toBe(true);
    socket.fire('disconnect', 'io client disconnect');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(1);
    expect(states.at(-1)).toBe('disconnected');
  });

  it('hands on notifications and reads', async () => {
    await start();
    socket.fire(REALTIME.event, { id: 7 });
    socket.fire(REALTIME.readEvent, { ids: [7] });
    expect(received).toEqual([{ id: 7 }]);
    expect(read).toEqual([[7]]);
  });
});
