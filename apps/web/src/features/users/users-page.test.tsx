import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, json, renderApp, renderScreen, resetNotifications } from '../../testing';
import { UsersPage } from './users-page';

// SECURITY 19 on the Users screen: list, filter by name or e-mail, Disable / Enable after a
// confirmation; no Add/Edit/Delete; the signed-in admin cannot disable themself.

afterEach(() => resetNotifications());

type TAccount = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  createdAt: string;
  lastSignInAt: string | null;
  disabledAt: string | null;
};
const account = (id: number, firstName: string, lastName: string, email: string, role: string): TAccount => ({
  id,
  email,
  firstName,
  lastName,
  role,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: null,
  disabledAt: null,
});

function fakeUsers() {
  const rows = [
    account(DEMO_USERS.Admin.userId, 'Dilnoza', 'Adminova', 'admin@demo.local', 'Admin'),
    account(21, 'Bekzod', 'Aliyev', 'bekzod@mail.test', 'Agent'),
    account(22, 'Lola', 'Karimova', 'lola@mail.test', 'Student'),
  ];
  const requests: unknown[] = [];
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
  const handlers = {
    'POST /api/User/getListByPage': (init: RequestInit | undefined) => {
      const request = body(init);
      requests.push(request);
      const text = String(request.filter?.conditions?.[0]?.value ?? '').toLowerCase();
      const matching = rows.filter((r) =>
        `${r.firstName} ${r.lastName} ${r.email}`.toLowerCase().includes(text),
      );
      return json({ result: matching, totalRows: matching.length });
    },
    'POST /api/User/disable': (init: RequestInit | undefined) => {
      const row = rows.find((r) => r.id === body(init).id)!;
      row.disabledAt = '2026-11-23T00:00:00.000Z';
      return json(row);
    },
    'POST /api/User/enable': (init: RequestInit | undefined) => {
      const row = rows.find((r) => r.id === body(init).id)!;
      row.disabledAt = null;
      return json(row);
    },
  };
  return { rows, requests, handlers };
}

const grid = () => screen.getByRole('table', { name: 'Users' });
/**
 * The Users screen, the admin signed in: alone, or in the whole app at /Admin/Users (`'app'`: its
 * menu entry). The grid takes a while on a busy machine.
 */
async function open(
  handlers: Record<string, (init: RequestInit | undefined) => Response>,
  language = 'en',
  where: 'screen' | 'app' = 'screen',
) {
  const view =
    where === 'app'
      ? await renderApp('/Admin/Users', { me: DEMO_USERS.Admin, handlers, language })
      : await renderScreen(<UsersPage />, {
          handlers: { 'GET /api/auth/me': () => json(DEMO_USERS.Admin), ...handlers },
          language,
        });
  await screen.findByRole('table', {}, { timeout: 10_000 });
  await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
  return view;
}
const rowOf = (name: string) => within(grid()).getByRole('row', { name: new RegExp(name) });

describe('Users screen', { timeout: 40_000 }, () => {
  it('lists name, e-mail, role and status, offers no Add/Edit/Delete, and filters by name or e-mail', async () => {
    const fake = fakeUsers();
    const { user } = await open(fake.handlers, 'en', 'app');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(within(rowOf('Bekzod Aliyev')).getByRole('cell', { name: 'Agent' })).toBeInTheDocument();
    expect(within(rowOf('Lola Karimova')).getByRole('cell', { name: 'lola@mail.test' })).toBeInTheDocument();
    expect(within(rowOf('Lola Karimova')).getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    for (const name of ['Add', 'Edit', 'Delete']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument(); // in the menu

    await user.type(screen.getByRole('textbox', { name: 'Filter by name or e-mail' }), 'lola@');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(2));
    expect(fake.requests.at(-1)).toMatchObject({
      filter: { conditions: [{ field: 'search', operator: 'CONTAINS', value: 'lola@' }] },
    });
    // The filter (personal data) stays out of the address.
    expect(window.location.search).not.toContain('lola');
  });

  it('disables after a confirmation, then offers Enable; the own account cannot be disabled', async () => {
    const fake = fakeUsers();
    const { user } = await open(fake.handlers);
    // The first row, selected at load, is the signed-in admin.
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeDisabled();

    await user.click(rowOf('Bekzod Aliyev'));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable account' });
    expect(dialog).toHaveTextContent('Disable the account of Bekzod Aliyev?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.rows[1]!.disabledAt).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable account' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    expect(await screen.findByText('Account disabled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Bekzod Aliyev')).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Enable account' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    expect(await screen.findByText('Account enabled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Bekzod Aliyev')).getByRole('cell', { name: 'Active' })).toBeInTheDocument(),
    );
  });

  it("shows the server's refusal in the user's language", async () => {
    const fake = fakeUsers();
    const handlers = {
      ...fake.handlers,
      'POST /api/User/disable': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            status: 400,
            title: 'Bad Request',
            message: 'x',
            code: 'cannotDisableSelf',
          }),
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    };
    const { user } = await open(handlers, 'ru');
    await user.click(
      within(screen.getByRole('table', { name: 'Пользователи' })).getByRole('row', { name: /Lola/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отключить учётную запись' });
    await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    expect(
      await screen.findByText(
        'Не удалось отключить учётную запись: Нельзя отключить собственную учётную запись.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Users screen words (issue 20)', { timeout: 40_000 }, () => {
  // Disable keeps the account (it can be enabled again): its words are not Delete's.
  it.each([
    ['uz', 'Foydalanuvchilar', 'Faolsizlantirish', 'Nofaol', 'Oʻchirish'],
    ['ru', 'Пользователи', 'Отключить', 'Отключён', 'Удалить'],
  ])(
    'in %s, Disable and Disabled are not the words for Delete',
    async (language, title, disable, disabled, deleteWord) => {
      const fake = fakeUsers();
      fake.rows[2]!.disabledAt = '2026-11-20T00:00:00.000Z';
      await open(fake.handlers, language);
      const row = within(screen.getByRole('table', { name: title })).getByRole('row', { name: /Lola/ });
      expect(within(row).getByRole('cell', { name: disabled })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: disable })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: deleteWord })).toBeNull();
      expect(disable.toLowerCase()).not.toContain(deleteWord.toLowerCase().slice(0, 5));
      expect(disabled.toLowerCase()).not.toContain(deleteWord.toLowerCase().slice(0, 5));
    },
  );
});

describe('sign-in page', () => {
  it('item 19: explains that a disabled account cannot sign in', async () => {
    await renderApp('/login?signInError=disabled');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled.');
  });
});
