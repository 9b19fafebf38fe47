import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileClock } from '../../src/clock.js';
import { ConfigError, readConfig } from '../../src/config.js';

// The test-only file clock (TEST_CLOCK_FILE) that lets a browser test move a built server past a
// deadline: the instant written, ticking on from when it was written; the system's time without
// the file; refused in production.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-clock-'));
const file = path.join(dir, 'now');
afterEach(() => fs.rmSync(file, { force: true }));

describe('the test clock file', () => {
  it('reads the system time without the file, the written instant (ticking on) with it', () => {
    const clock = fileClock(file);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    fs.writeFileSync(file, '2027-06-01T00:00:00.000Z');
    const moved = clock.now().getTime();
    expect(moved).toBeGreaterThanOrEqual(Date.parse('2027-06-01T00:00:00.000Z'));
    expect(moved).toBeLessThan(Date.parse('2027-06-01T00:00:05.000Z'));
    // Written again: the new instant, read at once.
    fs.writeFileSync(file, '2028-01-01T00:00:00.000Z');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 1));
    expect(clock.now().getUTCFullYear()).toBe(2028);
    fs.rmSync(file);
    expect(clock.now().getUTCFullYear()).toBe(new Date().getUTCFullYear());
  });

  it('is refused in production', () => {
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        TEST_CLOCK_FILE: file,
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
        PUBLIC_URL: 'https://x.example',
      }),
    ).toThrow(ConfigError);
    try {
      readConfig({
        NODE_ENV: 'production',
        TEST_CLOCK_FILE: file,
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
        PUBLIC_URL: 'https://x.example',
      });
    } catch (err) {
      expect((err as Error).message).toContain('TEST_CLOCK_FILE');
    }
    expect(readConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: file }).testClockFile).toBe(file);
  });
});
