import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, readConfig } from '../../src/config.js';
import {
  createDemoProvider,
  DemoProviderInProductionError,
} from '../../src/modules/auth/demo-provider/provider.js';
import { createTestDatabase } from '../db.js';

describe('the demo provider in production', () => {
  it('stops start-up when NODE_ENV=production has no Google sign-in', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it('refuses to be built with NODE_ENV=production', async () => {
    await expect(
      createDemoProvider({
        env: 'production',
        issuer: 'https://portal.example/api/auth/demo-oidc',
        client: {
          clientId: 'portal',
          clientSecret: 'x'.repeat(43),
          redirectUri: 'https://portal.example/cb',
        },
        trustProxy: false,
      }),
    ).rejects.toThrow(DemoProviderInProductionError);
  });

  it('makes the app refuse to build when production would fall back to it', async () => {
    const database = await createTestDatabase();
    try {
      const config = { ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), env: 'production' as const };
      await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
        DemoProviderInProductionError,
      );
    } finally {
      await database.close();
    }
  });

  it('is not mounted at all when Google is configured', async () => {
    const database = await createTestDatabase();
    const config = readConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://portal.example',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const res = await app.inject('/api/auth/demo-oidc/.well-known/openid-configuration');
      expect(res.statusCode).toBe(404);
      // role is checked before Google is contacted (it cannot be reached from here).
      const admin = await app.inject('/api/auth/google-login?role=admin');
      expect(admin.statusCode).toBe(400);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
