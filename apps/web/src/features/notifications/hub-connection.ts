import {
  REALTIME,
  type TApplicationChange,
  type TNotification,
  type TUserNotification,
} from '@uniapply/shared';

// The admin area's connection to the notification hub (spec 7.1, 9). socket.io's own reconnection
// (randomised exponential backoff) is off: the spec's schedule is 0, 2, 10 and 30 seconds after a
// loss (or a failed first connection), then stop. A failure is only logged; the state is shown
// next to the bell. socket.io-client is imported on first use, so only the signed-in
// areas load it (admins; students and agents since issue 12, for their applications' changes).

/** Spec 4: the real-time connection's states. */
export type THubState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'disconnecting';

/** The part of a socket.io client socket the connection uses (tests pass a fake). */
export type THubSocket = {
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
};

export type THubHandlers = {
  onNotification(notification: TNotification): void;
  onRead(ids: number[]): void;
  onState(state: THubState): void;
  /** Issue 12: a status change or document request of an application the user may see. */
  onApplicationChange?(change: TApplicationChange): void;
  /** Issue 18: a stored notification of this student or agent, as stored. */
  onUserNotification?(notification: TUserNotification): void;
};

export type THubOptions = {
  createSocket?: () => Promise<THubSocket>;
  delays?: readonly number[];
  log?: (message: string) => void;
};

export async function createBrowserSocket(): Promise<THubSocket> {
  const { io } = await import('socket.io-client');
  return io({
    path: REALTIME.path,
    // Spec 7.1's query; the server decides by the session cookie alone.
    query: { role: 'admin' },
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnection: false,
    autoConnect: false,
    timeout: REALTIME.serverTimeoutMs,
  });
}

/** Where sockets come from: the browser's socket.io client; the web tests put a fake here. */
export const hubTransport: { createSocket: () => Promise<THubSocket> } = {
  createSocket: createBrowserSocket,
};

/** Opens the hub and keeps it open on the spec's schedule; `stop()` closes it for good. */
export function startHub(handlers: THubHandlers, options: THubOptions = {}): { stop(): void } {
  const {
    createSocket = hubTransport.createSocket,
    delays = REALTIME.reconnectDelaysMs,
    log = (message) => console.warn(message),
  } = options;
  let socket: THubSocket | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const retry = (giveUp: boolean) => {
    if (stopped) return;
    if (giveUp || attempt >= delays.length) {
      handlers.onState('disconnected');
      return;
    }
    const delay = delays[attempt++]!;
    handlers.onState('reconnecting');
    timer = setTimeout(() => {
      if (!stopped) socket?.connect();
    }, delay);
  };

  handlers.onState('connecting');
  createSocket().then(
    (created) => {
      if (stopped) return;
      socket = created;
      socket.on('connect', () => {
        attempt = 0;
        handlers.onState('connected');
      });
      socket.on('connect_error', (err: Error) => {
        log(`Notification hub: connection failed (${err.message})`);
        // A refused session will not come back by retrying.
        retry(err.message === 'unauthorized');
      });
      socket.on('disconnect', (reason: string) => {
        if (stopped || reason === 'io client disconnect') return;
        log(`Notification hub: disconnected (${reason})`);
        retry(false);
      });
      socket.on(REALTIME.event, (n: TNotification) => handlers.onNotification(n));
      socket.on(REALTIME.readEvent, (read: { ids: number[] }) => handlers.onRead(read.ids));
      socket.on(REALTIME.applicationEvent, (change: TApplicationChange) =>
        handlers.onApplicationChange?.(change),
      );
      socket.on(REALTIME.userNotificationEvent, (n: TUserNotification) => handlers.onUserNotification?.(n));
      socket.connect();
    },
    (err: Error) => {
      log(`Notification hub: could not load the client (${err.message})`);
      handlers.onState('disconnected');
    },
  );

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      handlers.onState('disconnecting');
      socket?.disconnect();
      handlers.onState('disconnected');
    },
  };
}
