import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.js';

// S3 settings are checked at start-up: a message naming the variable, never the secret.

function errorOf(env: Record<string, string>) {
  try {
    readConfig({ NODE_ENV: 'test', ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('S3 configuration', () => {
  it('reads the settings, with the region and time limits defaulted', () => {
    const config = readConfig({
      NODE_ENV: 'test',
      STORAGE: 's3',
      S3_BUCKET: 'uniapply-files',
      S3_ENDPOINT: 'http://127.0.0.1:3901',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toBe('s3');
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:3901',
      region: 'us-east-1',
      bucket: 'uniapply-files',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      timeoutMs: 20_000,
      maxAttempts: 3,
    });
  });

  it('keeps S3 readable after switching back to local while a bucket is set, and is off without one', () => {
    expect(readConfig({ NODE_ENV: 'test', S3_BUCKET: 'old-files' }).s3).toMatchObject({
      bucket: 'old-files',
    });
    expect(readConfig({ NODE_ENV: 'test' }).s3).toBeNull();
  });

  it('uses the SDK credential chain when no key is given', () => {
    expect(readConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'b-1' }).s3?.credentials).toBeUndefined();
  });

  it('names the variable that is missing or wrong, never the secret', () => {
    expect(errorOf({ STORAGE: 's3' })).toMatch(/S3_BUCKET: STORAGE=s3 needs the bucket name/);
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET: a bucket name/);
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'not a url' })).toMatch(
      /S3_ENDPOINT/,
    );
    const noId = errorOf({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_SECRET_ACCESS_KEY: 'top-secret-value' });
    expect(noId).toMatch(/S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(noId).not.toContain('top-secret-value');
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(errorOf({ STORAGE: 'ftp' })).toMatch(/STORAGE/);
  });
});
