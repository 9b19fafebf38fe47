import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, noContent, renderApp } from '../../testing';

const menu = () => within(screen.getByRole('navigation', { name: 'Main menu' }));
const menuEntries = () =>
  menu()
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).queryByRole('link');
      return link
        ? `${link.textContent} ${link.getAttribute('href')}`
        : `${item.textContent?.replace('soon', '').trim()} (disabled)`;
    });

describe('signed-in shell', () => {
  it("shows the admin's name and the admin menu in the spec's order", async () => {
    await renderApp('/Admin/Dashboard', { me: DEMO_USERS.Admin });
    expect(await screen.findByText('Dilnoza Adminova')).toBeInTheDocument();
    expect(menuEntries()).toEqual([
      'Notifications /Admin/Notification',
      'Dashboard /Admin/Dashboard',
      'Universities /Admin/Universities',
      'Course levels /Admin/CourseLevels',
      'Course categories /Admin/CourseCategories',
      'Courses /Admin/Courses',
      'University courses /Admin/UniversityCourses',
      'Exchange rates /Admin/ExchangeRates',
      'Intakes /Admin/Intakes',
      'Document types /Admin/DocumentType',
      'Students /Admin/Students',
      'Application forms /Admin/ApplicationForms',
      'Google Drive connection /Admin/CheckGoogleDriveConnection',
      'Users /Admin/Users',
      'Outbox /Admin/Outbox',
      'Offer letters /Admin/OfferLetters',
      'Settings /Admin/Settings',
    ]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the student menu with the notifications bell last', async () => {
    await renderApp('/Student/Dashboard', { me: DEMO_USERS.Student });
    expect(await screen.findByText('Aziza Karimova')).toBeInTheDocument();
    expect(menuEntries()).toEqual([
      'Dashboard /Student/Dashboard',
      'Universities /Student/UniversityList',
      'Courses /Student/UniversityCourseList',
      'Application /Student/Infoform',
      'Notifications /Student/Notifications',
    ]);
  });

  it('shows the agent menu: Application, then Payments and Other info without screens, then the bell', async () => {
    await renderApp('/Agent/Students', { me: DEMO_USERS.Agent });
    expect(await screen.findByText('Timur Rashidov')).toBeInTheDocument();
    expect(menuEntries()).toEqual([
      'Application /Agent/Students',
      'Payments (disabled)',
      'Other info (disabled)',
      'Notifications /Agent/Notifications',
    ]);
  });

  it('collapses the sidebar to icons that keep their names', async () => {
    const { user } = await renderApp('/Student/Dashboard', { me: DEMO_USERS.Student });
    const toggle = await screen.findByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Aziza Karimova')).toBeNull();
    const dashboard = menu().getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(dashboard).not.toHaveTextContent('Dashboard');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(window.localStorage.getItem('sidebarCollapsed')).toBe('true');
  });

  it('navigates with the menu links', async () => {
    const { user } = await renderApp('/Admin/Dashboard', { me: DEMO_USERS.Admin });
    await screen.findByText('Dilnoza Adminova');
    await user.click(menu().getByRole('link', { name: 'Courses' }));
    await waitFor(() =>
      expect(menu().getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent('/Admin/Courses');
    await waitFor(() => expect(document.title).toBe('Courses · UniApply'));
  });

  it('logs out: ends the session, forgets the user and returns to the landing page', async () => {
    const { user, fetchMock } = await renderApp('/Agent/Students', {
      me: DEMO_USERS.Agent,
      handlers: { 'POST /api/auth/logout': () => noContent() },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Register with Google' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent(/^\/$/);
    expect(apiCalls(fetchMock).map((c) => c.call)).toContain('POST /api/auth/logout');
    await waitFor(() => expect(window.localStorage.getItem('userClientInfo')).toBeNull());
  });
});
