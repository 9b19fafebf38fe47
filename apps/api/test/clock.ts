import type { TClock } from '../src/clock.js';

/** A clock a test sets and moves (buildApp's `clock`): the app's jobs and deadlines read it. */
export class TestClock implements TClock {
  #now: Date;

  constructor(start: Date | string = '2026-03-01T09:00:00Z') {
    this.#now = new Date(start);
  }

  now() {
    return new Date(this.#now);
  }

  set(to: Date | string) {
    this.#now = new Date(to);
  }

  advance(ms: number) {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}
