import { EventEmitter } from 'node:events';
import type { TApplicationChange, TNotification, TUserNotification } from '@uniapply/shared';

// Events one module announces and another reacts to, without importing it (DESIGN 7: modules
// never reach into each other). The applications module announces notifications after the confirm
// commits; auth announces a session that ended; the notifications module pushes both to sockets.

export type TAppEvents = {
  /** New admin notifications, committed. */
  notificationsCreated: [notifications: TNotification[]];
  /** A session ended (logout): its key (`sessionKey` of the token). */
  sessionEnded: [sessionKey: string];
  /** Every session of an account ended at once (an admin disabled or deleted it), committed. */
  userSessionsEnded: [userId: number, reason: 'disabled' | 'deleted'];
  /** Status changes and document requests of one committed transaction (issue 12). */
  applicationsChanged: [changes: TApplicationChange[]];
  /** Stored notifications of students and agents (issue 18), committed: each with its account. */
  userNotificationsCreated: [created: { userId: number; notification: TUserNotification }[]];
};

export class AppEvents extends EventEmitter<TAppEvents> {
  /**
   * Announces an event; a listener that throws is logged, never passed back to the caller (an
   * announcement after a commit must not turn a committed write into an error).
   */
  announce<K extends keyof TAppEvents>(
    log: { error(obj: object, msg: string): void },
    name: K,
    ...args: TAppEvents[K]
  ): void {
    try {
      this.emit(name, ...(args as never));
    } catch (err) {
      log.error({ err, event: name }, 'an event listener failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEvents;
  }
}
