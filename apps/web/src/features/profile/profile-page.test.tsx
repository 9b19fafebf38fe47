import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, json, problem, renderApp } from '../../test/render-app';

const address = () => screen.getByRole('status', { name: 'current address' });

describe('profile page', () => {
  it.each([
    ['Admin', '/Admin/Dashboard', '/Admin/Profile'],
    ['Student', '/Student/Dashboard', '/Student/Profile'],
    ['Agent', '/Agent/Students', '/Agent/Profile'],
  ] as const)("is reached from the %s's account menu", async (role, home, profile) => {
    const { user } = await renderApp(home, { me: DEMO_USERS[role] });
    await screen.findByText(`${DEMO_USERS[role].firstName} ${DEMO_USERS[role].lastName}`);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
    // jsdom has no layout, so floating-ui keeps the open dropdown `display: none` (the app's test
    // harness does not set Mantine's env="test"): the item is there, only not "visible".
    await user.click(await screen.findByRole('menuitem', { name: 'Profile', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(profile);
    expect(document.title).toBe('Profile · UniApply');
  });

  it('saves a corrected name and shows it in the shell at once', async () => {
    const saved = { ...DEMO_USERS.Student, firstName: 'Aziza', lastName: 'Karimova-Tosheva' };
    const { user, fetchMock } = await renderApp('/Student/Profile', {
      me: DEMO_USERS.Student,
      handlers: { 'PUT /api/auth/me': () => json(saved) },
    });
    const lastName = await screen.findByRole('textbox', { name: 'Last name' });
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Aziza');
    expect(lastName).toHaveAttribute('autocomplete', 'family-name');
    await user.clear(lastName);
    await user.type(lastName, ' Karimova-Tosheva ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(apiCalls(fetchMock)).toContainEqual({
      call: 'PUT /api/auth/me',
      body: { firstName: 'Aziza', lastName: 'Karimova-Tosheva' },
    });
    expect(screen.getByText('Aziza Karimova-Tosheva')).toBeInTheDocument();
  });

  it('asks for a first name before sending anything', async () => {
    const { user, fetchMock } = await renderApp('/Agent/Profile', { me: DEMO_USERS.Agent });
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in this field')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('PUT /api/auth/me');
  });

  it('says so when the server refuses', async () => {
    const { user } = await renderApp('/Admin/Profile', {
      me: DEMO_USERS.Admin,
      handlers: { 'PUT /api/auth/me': () => problem(500, 'Something went wrong.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your name could not be saved. Please try again.'),
    );
  });

  it('speaks Uzbek', async () => {
    await renderApp('/Student/Profile', { me: DEMO_USERS.Student, language: 'uz' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profilingiz' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Familiya' })).toBeInTheDocument();
  });
});
