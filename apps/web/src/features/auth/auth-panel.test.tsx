import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { renderApp } from '../../testing';

describe('sign-in from the landing page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('links login with Google to the sign-in start, returning to the landing page', async () => {
    await renderApp('/');
    const login = await screen.findByRole('link', { name: 'Login with Google' });
    expect(login).toHaveAttribute('href', '/api/auth/google-login?returnUrl=%2F');
  });

  it('requires the student or agent choice before registering', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await renderApp('/');
    const register = await screen.findByRole('button', { name: 'Register with Google' });

    await user.click(register);
    expect(screen.getByText('Please choose whether you register as a student or an agent.')).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Agent' }));
    // Kept in the markup (the prerendered page's script shows it), hidden once a role is chosen.
    expect(
      screen.getByText('Please choose whether you register as a student or an agent.'),
    ).not.toBeVisible();
    await user.click(register);
    expect(assign).toHaveBeenCalledWith('/api/auth/google-login?returnUrl=%2F&role=agent');
  });

  it('offers Login and Register tabs with a Student/Agent toggle on /login', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('link', { name: 'Register with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2F&role=student',
    );
    await user.click(screen.getByRole('radio', { name: 'Agent' }));
    expect(screen.getByRole('link', { name: 'Register with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2F&role=agent',
    );
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google-login?returnUrl=%2F',
    );
  });

  it('explains a sign-in that did not finish', async () => {
    await renderApp('/login?signInError=cancelled');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was cancelled.');
  });
});
