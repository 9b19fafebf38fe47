import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp } from '../testing';

const address = () => screen.getByRole('status', { name: 'current address' });

describe('session and role guards', () => {
  it("shows 'Loading application...' while the user record loads", async () => {
    await renderApp('/');
    expect(screen.getByText('Loading application...')).toBeInTheDocument();
    // Then the landing page of a signed-out visitor, and the loading text is gone.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apply to universities abroad with one profile' }),
    ).toBeVisible();
    expect(screen.queryByText('Loading application...')).toBeNull();
  });

  it.each([
    ['Admin', '/', '/Admin/Dashboard', 'Dilnoza Adminova'],
    ['Student', '/', '/Student/Dashboard', 'Aziza Karimova'],
    ['Agent', '/', '/Agent/Students', 'Timur Rashidov'],
    ['Agent', '/login', '/Agent/Students', 'Timur Rashidov'],
  ] as const)('sends a signed-in %s from %s to their home %s', async (role, from, home, name) => {
    await renderApp(from, { me: DEMO_USERS[role] });
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(address()).toHaveTextContent(home);
  });

  it('sends a visitor without a session from a signed-in area to the landing page', async () => {
    await renderApp('/Student/Dashboard');
    expect(await screen.findByRole('button', { name: 'Register with Google' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
  });

  it('item 14: keeps the deep link of a signed-out visitor as returnUrl for the sign-in buttons', async () => {
    await renderApp('/Admin/Universities?page=2');
    const login = await screen.findByRole('link', { name: 'Login with Google' });
    expect(address()).toHaveTextContent(/^\/$/);
    expect(login).toHaveAttribute(
      'href',
      `/api/auth/google-login?returnUrl=${encodeURIComponent('/Admin/Universities?page=2')}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent('/Admin/Universities?page=2')}`,
    );
  });

  it('item 14: the login page forwards a path returnUrl and drops one that leaves the site', async () => {
    await renderApp('/login?returnUrl=%2FAgent%2FStudents');
    expect(await screen.findByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2FAgent%2FStudents',
    );
    cleanup();
    await renderApp('/login?returnUrl=%2F%2Fevil.example');
    expect(await screen.findByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2F',
    );
  });

  it('item 14: logging out leads to the plain landing page, with no way back into the old page', async () => {
    const { user } = await renderApp('/Admin/Universities', {
      me: DEMO_USERS.Admin,
      handlers: { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2F',
    );
  });

  it('sends a student who types an admin address to their own home', async () => {
    await renderApp('/Admin/Dashboard', { me: DEMO_USERS.Student });
    expect(await screen.findByText('Aziza Karimova')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/Student/Dashboard');
    expect(screen.queryByRole('link', { name: 'Document types' })).toBeNull();
  });

  it('matches paths without regard to letter case', async () => {
    await renderApp('/admin/universities', { me: DEMO_USERS.Admin });
    expect(await screen.findByRole('link', { name: 'Universities' })).toHaveAttribute('aria-current', 'page');
    expect(address()).toHaveTextContent('/admin/universities');
  });

  it('opens the role home for the bare group path', async () => {
    await renderApp('/Agent', { me: DEMO_USERS.Agent });
    await waitFor(() => expect(address()).toHaveTextContent('/Agent/Students'));
    expect(screen.getByRole('link', { name: 'Application' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a not-found page for unknown addresses', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('treats a failing session probe as signed out and clears the cached user', async () => {
    window.localStorage.setItem('userClientInfo', JSON.stringify(DEMO_USERS.Admin));
    await renderApp('/Admin/Dashboard', {
      handlers: { 'GET /api/auth/me': () => new Response('boom', { status: 500 }) },
    });
    expect(await screen.findByRole('link', { name: 'Login with Google' })).toBeInTheDocument();
    expect(window.localStorage.getItem('userClientInfo')).toBeNull();
  });

  it('caches the signed-in user record in localStorage', async () => {
    await renderApp('/', { me: DEMO_USERS.Student });
    await screen.findByText('Aziza Karimova');
    expect(JSON.parse(window.localStorage.getItem('userClientInfo') ?? '{}')).toMatchObject({
      userId: 3,
      firstName: 'Aziza',
      email: 'student@demo.local',
    });
  });
});
