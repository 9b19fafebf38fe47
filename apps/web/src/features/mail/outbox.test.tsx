import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, fakeResource, listRequests, noContent, renderScreen } from '../../testing';
import { OutboxPage } from './outbox';

const row = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'statusChanged',
  recipient: `student${id}@example.test`,
  language: 'uz',
  subject: `Ariza holati ${id}`,
  status,
  attempts: status === 'failed' ? 8 : 1,
  createdAt: '2026-11-22T21:00:00.000Z',
  nextAttemptAt: '2026-11-22T21:00:00.000Z',
  sentAt: status === 'sent' ? '2026-11-22T21:00:02.000Z' : null,
  lastError: status === 'failed' ? 'ECONNECTION' : null,
  hasFile: status === 'sent',
  ...extra,
});

// The screen alone, not the whole signed-in app: the shell, its hub and menus are other tests'
// subject (the route: e2e/admin/outbox.spec.ts), and drawing them too doubled each test's CPU, so on
// a loaded machine the first test's first wait ran past its 5 s.
describe('/Admin/Outbox', () => {
  it('lists the mail queue read-only, filters by status and offers the .eml of a sent mail', async () => {
    const outbox = fakeResource('MailJob', [row(1, 'sent'), row(2, 'failed'), row(3, 'pending')]);
    const { user, fetchMock } = await renderScreen(<OutboxPage />, { handlers: outbox.handlers });
    const grid = await screen.findByRole('table', { name: 'Outbox' });
    expect(await within(grid).findByText('student2@example.test')).toBeInTheDocument();
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(within(grid).getByText('Failed')).toBeInTheDocument();
    expect(within(grid).getByText('ECONNECTION')).toBeInTheDocument();
    expect(within(grid).getAllByText('Status changed')).toHaveLength(3);
    for (const name of ['Add', 'Edit', 'Delete', 'Find']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // The first row is selected: its details offer the file written in outbox mode.
    const download = await screen.findByRole('link', { name: 'Download mail-1.eml' });
    expect(download).toHaveAttribute('href', '/api/MailJob/1/eml');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
    expect(within(grid).getByText('student2@example.test')).toBeInTheDocument();
    expect(listRequests(fetchMock, 'MailJob').at(-1)?.filter).toEqual({
      operator: 'AND',
      conditions: [{ field: 'status', operator: 'EQ', value: 'failed' }],
      groups: [],
    });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
  });

  it('sends a failed mail again from its details', async () => {
    const outbox = fakeResource('MailJob', [row(2, 'failed')]);
    const { user, fetchMock } = await renderScreen(<OutboxPage />, {
      handlers: {
        ...outbox.handlers,
        'POST /api/MailJob/2/retry': () => {
          outbox.store.rows = [row(2, 'pending', { attempts: 0 })];
          return noContent();
        },
      },
    });
    const grid = await screen.findByRole('table', { name: 'Outbox' });
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The mail is queued again.')).toBeInTheDocument();
    expect(await within(grid).findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(apiCalls(fetchMock).map((c) => c.call)).toContain('POST /api/MailJob/2/retry');
  });

  it('speaks Russian', async () => {
    const outbox = fakeResource('MailJob', [row(5, 'failed')]);
    await renderScreen(<OutboxPage />, { handlers: outbox.handlers, language: 'ru' });
    const grid = await screen.findByRole('table', { name: 'Исходящие письма' });
    expect(await within(grid).findByText('Не отправлено')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Получатель' })).toBeInTheDocument();
  });
});
