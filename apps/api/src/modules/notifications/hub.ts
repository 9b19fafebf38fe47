import { randomBytes } from 'node:crypto';
import {
  REALTIME,
  type TApplicationChange,
  type TNotification,
  type TRole,
  type TUserNotification,
} from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { watchRedis } from '../../http/redis-watch.js';
import { crossSiteCheck } from '../../http/security.js';
import { sessionCookieName } from '../../http/session.js';
import { peekSession } from '../../http/session-store.js';

// The real-time hub of spec 7.1 (DESIGN 7 "Real time"): socket.io on the API's own HTTP server.
//
// - The handshake is authorised by the session cookie; the spec's `role=admin` query is accepted
//   but decides nothing. Another site's Origin is refused before the handshake (SECURITY 29: the
//   `cors` option alone does not block, `allowRequest` does).
// - Rooms: `admins` (admins only), `user:<id>` (every socket; per-user pushes such as the status
//   changes of the account's applications, `ApplicationChanged`), `session:<key>`
//   (so logout on any process disconnects the session's sockets, through the adapter).
// - An open socket never touches the session (`peekSession`): it cannot keep an idle session
//   alive. A timer at the session's end (re-checked at least every minute, which also catches a
//   deleted account or a changed role) disconnects it.
// - With REDIS_URL, the Redis adapter fans emits out to every API process.

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (key: string) => `session:${key}`;
/** How often an open socket's session is looked at again, at most. */
const RECHECK_MS = 60_000;

type TServerEvents = {
  ReceiveNotification: (notification: TNotification) => void;
  NotificationsRead: (read: { ids: number[] }) => void;
  ApplicationChanged: (change: TApplicationChange) => void;
  UserNotification: (notification: TUserNotification) => void;
};
type THubSocket = Socket<Record<string, never>, TServerEvents, Record<string, never>, TSocketData>;
type TSocketData = { userId: number; role: TRole };

export type THub = {
  io: Server<Record<string, never>, TServerEvents, Record<string, never>, TSocketData>;
  notifyAdmins(notifications: TNotification[]): void;
  notificationsRead(ids: number[]): void;
  /** Issue 12: each change to admins, and to the managing account without internal notes. */
  applicationsChanged(changes: TApplicationChange[]): void;
  /** Issue 18: each stored notification, as stored, to its account's own room. */
  userNotified(created: { userId: number; notification: TUserNotification }[]): void;
};

type THubServer = THub['io'];
/** The Redis clients of the adapter and what ends their watches; `shuttingDown` is set at close. */
type TRedisLink = { clients: Redis[]; closing: (() => void)[]; shuttingDown: boolean };

export async function createHub(app: FastifyInstance): Promise<THub> {
  const io = createServer(app);
  const link: TRedisLink = { clients: [], closing: [], shuttingDown: false };
  if (app.config.redisUrl) await attachRedis(app, io, app.config.redisUrl, link);
  authoriseSockets(app, io);

  app.events.on('sessionEnded', (key) => {
    io.in(sessionRoom(key)).disconnectSockets(true);
  });
  // A disabled account: every socket of the user, in every process (through the adapter).
  app.events.on('userSessionsEnded', (userId) => {
    io.in(userRoom(userId)).disconnectSockets(true);
  });
  addCloseHooks(app, io, link);
  return { io, ...emitters(app, io) };
}

/** The socket.io server on the API's HTTP server; another site's handshake is refused. */
function createServer(app: FastifyInstance): THubServer {
  const { config } = app;
  const fromElsewhere = crossSiteCheck(config);
  const io = new Server<Record<string, never>, TServerEvents, Record<string, never>, TSocketData>(
    app.server,
    {
      path: REALTIME.path,
      serveClient: false,
      // Spec 9: a keep-alive every 15 s; the client gives the server up after 30 s of silence
      // (socket.io's client waits pingInterval + pingTimeout).
      pingInterval: REALTIME.keepAliveMs,
      pingTimeout: REALTIME.serverTimeoutMs - REALTIME.keepAliveMs,
      // Clients send nothing but pongs.
      maxHttpBufferSize: 10_000,
      allowRequest: (req, callback) => {
        if (fromElsewhere(req.headers)) {
          app.log.warn(
            { event: 'access-denied', route: 'hub handshake', reason: 'cross-site' },
            'access denied',
          );
          callback('cross-site', false);
        } else callback(null, true);
      },
    },
  );

  // Several processes behind one proxy: a session id names its process (`<instance>.<144 random
  // bits>`), and the proxy sends a long-polling client's requests (`?sid=`) back to it.
  if (config.instanceName) {
    const prefix = config.instanceName;
    io.engine.generateId = () => `${prefix}.${randomBytes(18).toString('base64url')}`;
  }
  return io;
}

/** With REDIS_URL: the Redis adapter fans emits out to every API process. */
async function attachRedis(app: FastifyInstance, io: THubServer, redisUrl: string, link: TRedisLink) {
  // Loaded only with REDIS_URL (about 30 MB resident together).
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  // While Redis is away an emit to the other processes is dropped at once (the process's own
  // sockets have it already; admins elsewhere see it when their list reloads), rather than held
  // in ioredis's offline queue for about a minute and then failed. The subscriber keeps its
  // queue: its subscriptions are sent as soon as it connects.
  const pub = new Redis(redisUrl, { connectTimeout: 2000, enableOfflineQueue: false });
  const sub = new Redis(redisUrl, { connectTimeout: 2000 });
  link.clients = [pub, sub];
  link.closing.push(
    watchRedis(
      sub,
      app.log,
      'hub',
      "live notifications reach this process's own sockets only until it is back",
    ),
    watchRedis(pub, app.log, 'hub publisher', 'emits to the other processes are dropped until it is back'),
  );
  // The adapter publishes without handling a failure: a publish that ioredis gives up on would
  // be an unhandled rejection, which ends the process (the Redis drill shows it).
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      app.log.warn({ err: { message: err.message } }, 'hub: an emit to the other processes was dropped');
      return 0;
    })) as typeof pub.publish;
  // Nor does it handle a refused (un)subscription: those still queued in the subscriber's offline
  // queue when the process closes while Redis is away are refused then; dropped quietly.
  for (const name of ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe'] as const) {
    const send = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      send(...args).catch((err: unknown) => {
        if (!link.shuttingDown) throw err;
        return 0;
      });
  }
  io.adapter(createAdapter(pub, sub, { key: app.config.redisHubChannel }));
}

/** The handshake by the session cookie, and a timer that disconnects the socket when it ends. */
function authoriseSockets(app: FastifyInstance, io: THubServer) {
  const { config, database } = app;
  const cookieName = sessionCookieName(config.secureCookies);

  io.use(async (socket, next) => {
    try {
      const header = socket.request.headers.cookie;
      const token = header ? app.parseCookie(header)[cookieName] : undefined;
      const session =
        token && token.length <= 100 ? await peekSession(database.db, token, config.session) : null;
      if (!session) return next(new Error('unauthorized'));
      socket.data = { userId: session.user.id, role: session.user.role };
      await socket.join([userRoom(session.user.id), sessionRoom(session.key)]);
      if (session.user.role === 'Admin') await socket.join(ADMINS_ROOM);
      // The token stays in this closure: socket.data may travel between processes (fetchSockets).
      let timer: NodeJS.Timeout | undefined;
      const watch = (endsAt: number) => {
        timer = setTimeout(
          () => recheck(socket, token!, watch),
          Math.max(0, Math.min(endsAt - Date.now(), RECHECK_MS)),
        );
      };
      watch(session.endsAt);
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (err) {
      app.log.error({ err }, 'hub: handshake failed');
      next(new Error('unavailable'));
    }
  });

  /** Disconnects the socket when its session has ended, its account is gone or its role changed. */
  async function recheck(socket: THubSocket, token: string, watch: (endsAt: number) => void) {
    try {
      const session = await peekSession(database.db, token, config.session);
      if (!session || session.user.role !== socket.data.role) socket.disconnect(true);
      else if (socket.connected) watch(session.endsAt);
    } catch (err) {
      // The database is unreachable: look again later rather than drop a live admin.
      app.log.warn({ err: { message: (err as Error).message } }, 'hub: session re-check failed');
      if (socket.connected) watch(Date.now() + RECHECK_MS);
    }
  }
}

function addCloseHooks(app: FastifyInstance, io: THubServer, link: TRedisLink) {
  app.addHook('preClose', async () => {
    // Open websockets would keep the HTTP server from closing. The transports are closed, not the
    // sockets disconnected: a client told "io server disconnect" does not come back by itself,
    // while one that loses its transport reconnects (to another process behind the proxy).
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    link.shuttingDown = true;
    for (const done of link.closing) done();
    await io.of('/').adapter.close?.();
    // A Redis that is away gets no QUIT: the subscriber's would wait in its offline queue until
    // Redis is back, holding the shutdown.
    await Promise.all(
      link.clients.map((client) =>
        client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
      ),
    );
  });
}

/** What the app emits through the hub; a failed emit is logged, never thrown at the caller. */
function emitters(app: FastifyInstance, io: THubServer): Omit<THub, 'io'> {
  const emitToAdmins = (send: () => void) => {
    try {
      send();
    } catch (err) {
      app.log.error({ err }, 'hub: emit failed');
    }
  };
  return {
    notifyAdmins: (notifications) => {
      for (const notification of notifications)
        emitToAdmins(() => io.to(ADMINS_ROOM).emit(REALTIME.event, notification));
    },
    notificationsRead: (ids) => emitToAdmins(() => io.to(ADMINS_ROOM).emit(REALTIME.readEvent, { ids })),
    applicationsChanged: (changes) => {
      for (const change of changes) {
        emitToAdmins(() => {
          io.to(ADMINS_ROOM).emit(REALTIME.applicationEvent, change);
          // The applicant side: the managing account (the student, or the owning agent), without
          // the admins' internal note; an admin who manages the profile has it already.
          const forApplicant = change.kind === 'statusChanged' ? { ...change, internalNote: null } : change;
          io.to(userRoom(change.ownerUserId))
            .except(ADMINS_ROOM)
            .emit(REALTIME.applicationEvent, forApplicant);
        });
      }
    },
    userNotified: (created) => {
      for (const { userId, notification } of created)
        emitToAdmins(() => io.to(userRoom(userId)).emit(REALTIME.userNotificationEvent, notification));
    },
  };
}
