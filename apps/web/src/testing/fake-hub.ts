import { act } from '@testing-library/react';
import { REALTIME, type TNotification } from '@uniapply/shared';
import type { THubSocket } from '../features/notifications/hub-connection';

/** A socket.io client socket the test drives: it records connect calls and fires server events. */
export class FakeHubSocket implements THubSocket {
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  connects = 0;
  disconnected = false;
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  /** The server's events, inside act() since they change what React shows. */
  connected = () => act(() => this.fire('connect'));
  receive = (n: TNotification) => act(() => this.fire(REALTIME.event, n));
  read = (ids: number[]) => act(() => this.fire(REALTIME.readEvent, { ids }));
}

export const liveNotification = (id: number, fullName: string): TNotification => ({
  id,
  isNotified: false,
  notificationData: { fullName, universityName: 'Taylor’s University', courseName: 'Computer Science' },
  createdAt: '2026-11-23T00:00:00.000Z',
  studentCourseId: id,
});
