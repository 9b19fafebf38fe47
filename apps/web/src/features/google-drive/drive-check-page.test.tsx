import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, deferred, json, renderApp } from '../../testing';

// The admin's Google Drive check (spec 2.3), through the real app shell and API client.

const ROUTE = 'GET /api/Document/find-root-folder';
const problemOf = (code: string, message: string) =>
  new Response(JSON.stringify({ status: 503, title: 'Service Unavailable', code, message }), {
    status: 503,
    headers: { 'Content-Type': 'application/problem+json' },
  });

async function openPage(handler: () => Response | Promise<Response>, language = 'en') {
  const app = await renderApp('/Admin/CheckGoogleDriveConnection', {
    me: DEMO_USERS.Admin,
    language,
    handlers: { [ROUTE]: handler },
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('Google Drive connection page', () => {
  it('checks only when asked, shows the loading state, then the root folder id', async () => {
    const answer = deferred();
    const { user, fetchMock } = await openPage(() => answer.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Google Drive connection' })).toBeInTheDocument();
    const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('find-root-folder'));
    expect(calls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('Checking the connection…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Check connection' })).toHaveAttribute('data-loading', 'true');
    answer.release(
      json({ rootFolderId: '1AbCdEf_root-42', name: 'UniApply files', sharedDrive: true, storage: 'gdrive' }),
    );
    expect(await screen.findByText('Connected to Google Drive')).toBeInTheDocument();
    expect(screen.getByLabelText('Root folder id')).toHaveTextContent('1AbCdEf_root-42');
    expect(screen.getByText('UniApply files')).toBeInTheDocument();
    expect(screen.getByText('New uploads are stored in this folder.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it('warns when the folder is not in a shared drive', async () => {
    const { user } = await openPage(() =>
      json({ rootFolderId: 'myDriveFolder', name: 'Mine', sharedDrive: false, storage: 'local' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not in a shared drive/);
    expect(screen.getByText(/still stored on the server's disk/)).toBeInTheDocument();
  });

  it('says where new uploads go when they go to S3-compatible storage', async () => {
    const { user } = await openPage(() =>
      json({ rootFolderId: 'root-s3', name: 'Old files', sharedDrive: true, storage: 's3' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(
      await screen.findByText(/stored in S3-compatible object storage \(STORAGE=s3\)/),
    ).toBeInTheDocument();
  });

  it('says clearly when Drive is not configured', async () => {
    const { user } = await openPage(() => problemOf('driveNotConfigured', 'Google Drive is not configured.'));
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google Drive is not configured');
    expect(alert).toHaveTextContent(/GDRIVE_CREDENTIALS_FILE and GDRIVE_ROOT_FOLDER_ID/);
    expect(screen.queryByLabelText('Root folder id')).not.toBeInTheDocument();
  });

  it('says clearly when Drive cannot be reached, in the user’s language, and can check again', async () => {
    let answers = 0;
    const { user } = await openPage(
      () =>
        ++answers === 1
          ? problemOf('storageUnavailable', 'The file storage is not reachable.')
          : json({ rootFolderId: 'root-after-retry', name: '', sharedDrive: true, storage: 'gdrive' }),
      'ru',
    );
    await user.click(screen.getByRole('button', { name: 'Проверить подключение' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google Drive недоступен');
    await user.click(screen.getByRole('button', { name: 'Проверить подключение' }));
    expect(await screen.findByLabelText('Идентификатор корневой папки')).toHaveTextContent(
      'root-after-retry',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
