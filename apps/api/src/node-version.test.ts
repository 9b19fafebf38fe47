import { describe, expect, it } from 'vitest';
import { nodeTooOld } from './node-version.js';

describe('nodeTooOld', () => {
  it('refuses Node older than 22.12 with a message naming the version and the way out', () => {
    for (const version of ['20.20.2', 'v20.19.0', '22.11.0', '18.20.8']) {
      const message = nodeTooOld(version);
      expect(message).toContain(`this is Node ${version}`);
      expect(message).toContain('npm start');
    }
  });

  it('accepts 22.12 and later', () => {
    for (const version of ['22.12.0', '22.22.1', '24.21.0', 'v26.0.0'])
      expect(nodeTooOld(version)).toBeNull();
  });
});
