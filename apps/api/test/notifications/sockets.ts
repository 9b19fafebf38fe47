import { REALTIME, type TApplicationChange, type TNotification } from '@uniapply/shared';
import { io, type Socket } from 'socket.io-client';
import type { TWho } from '../resources/helpers.js';

// A hub client as the admin area opens it (path, role=admin query, websocket), with the headers a
// browser would send (cookie, and an Origin when a test pretends to be another site).

export type THubClient = {
  socket: Socket;
  /** Every ReceiveNotification and NotificationsRead so far, in order. */
  received: TNotification[];
  read: number[][];
  /** Every ApplicationChanged (issue 12) so far, in order. */
  changes: TApplicationChange[];
  /** Resolves with the reason when the server disconnects the socket. */
  disconnected: Promise<string>;
  close(): void;
};

export function connectHub(
  baseUrl: string,
  who: TWho,
  headers: Record<string, string> = {},
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<THubClient> {
  const socket = io(baseUrl, {
    path: REALTIME.path,
    query: { role: 'admin' },
    transports,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    extraHeaders: { ...(who?.headers ?? {}), ...headers },
  });
  const received: TNotification[] = [];
  const read: number[][] = [];
  const changes: TApplicationChange[] = [];
  socket.on(REALTIME.applicationEvent, (c: TApplicationChange) => changes.push(c));
  socket.on(REALTIME.event, (n: TNotification) => received.push(n));
  socket.on(REALTIME.readEvent, (r: { ids: number[] }) => read.push(r.ids));
  const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () =>
      resolve({ socket, received, read, changes, disconnected, close: () => socket.close() }),
    );
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(check: () => boolean, ms = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
