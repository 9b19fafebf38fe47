import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DriveStandIn } from '../../apps/api/test/documents/gdrive-stand-in';
import { english, expectAccessible, SCREENSHOTS, signIn } from '../support';

// The admin's Google Drive check (spec 2.3): on the shared e2e server, which has no Drive, and on
// a server of its own that stores files in a local stand-in of Google Drive.

test.use({ storageState: english });

async function openCheckPage(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Google Drive connection' })
    .click();
  await expect(page).toHaveURL(/\/Admin\/CheckGoogleDriveConnection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Google Drive connection' })).toBeVisible();
}

test('without Drive settings the check says that Drive is not configured', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await openCheckPage(page);
  await page.getByRole('button', { name: 'Check connection' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Google Drive is not configured');
  await expect(alert).toContainText('GDRIVE_ROOT_FOLDER_ID');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/drive-not-configured-360.png`, fullPage: true });
});

test.describe('with a server that stores files in Google Drive', () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 57;
  const base = `http://127.0.0.1:${port}`;
  let drive: DriveStandIn;
  let server: ChildProcess;
  let dataDir: string;
  let output = '';

  test.use({
    baseURL: base,
    storageState: {
      cookies: [],
      origins: [{ origin: base, localStorage: english.origins[0]!.localStorage }],
    },
  });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    drive = await new DriveStandIn().start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-e2e-drive-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        STORAGE: 'gdrive',
        ...drive.env({ GDRIVE_TIMEOUT_MS: '1500' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    // Until it answers ready or stops (Playwright's poll, no fixed wait of our own).
    await expect
      .poll(
        async () =>
          server!.exitCode !== null ||
          (await fetch(`${base}/api/ready`).then(
            (r) => r.ok,
            () => false,
          )),
        { timeout: 100_000, message: 'the Drive server did not start' },
      )
      .toBe(true);
    if (server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
    await drive?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the admin sees the root folder id, then a clear message while Drive is unreachable', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'admin@demo.local');
    await openCheckPage(page);
    const check = page.getByRole('button', { name: 'Check connection' });
    await check.click();
    await expect(page.getByText('Connected to Google Drive')).toBeVisible();
    await expect(page.getByLabel('Root folder id')).toHaveText(drive.rootFolderId);
    await expect(page.getByText('New uploads are stored in this folder.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/drive-connected-1280.png` });

    drive.hang = true;
    await check.click();
    await expect(page.getByRole('alert')).toContainText('Google Drive cannot be reached');
    await expect(page.getByLabel('Root folder id')).toBeHidden();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/drive-unreachable-1280.png` });
    drive.hang = false;
  });
});
