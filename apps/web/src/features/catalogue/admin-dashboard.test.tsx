import { screen, within } from '@testing-library/react';
import { APPLICATION_STATUSES, type TStatusOverview, WAITING_STATUSES } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { json, problem, renderScreen } from '../../testing';
import { AdminDashboardPage } from './admin-dashboard';

const summary = { universities: 12, courses: 48, students: 1530, submittedApplications: 7 };
const messages = [
  {
    id: 2,
    name: 'Madina',
    email: 'madina@mail.test',
    message: 'Do you help with visas?',
    createdAt: '2025-03-02T10:00:00Z',
  },
  { id: 1, name: 'Jasur', email: 'jasur@mail.test', message: 'Hello', createdAt: '2025-03-01T09:00:00Z' },
];

const overview: TStatusOverview = {
  counts: {
    ...Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])),
    submitted: 3,
    documentsRequested: 1200,
  } as TStatusOverview['counts'],
  waiting: WAITING_STATUSES.map((status) => ({
    status,
    applications:
      status === 'documentsRequested'
        ? [
            {
              studentCourseId: 41,
              studentId: 9,
              fullName: 'Alisher Gʻulomov',
              course: 'Software Engineering',
              university: 'Sunway University',
              since: '2026-11-01T09:00:00Z',
            },
            {
              studentCourseId: 42,
              studentId: 10,
              fullName: 'Madina Yusupova',
              course: 'Business',
              university: 'Taylor’s University',
              since: '2026-11-10T09:00:00Z',
            },
          ]
        : [],
  })),
  overdue: {
    limitDays: 14,
    counts: {
      ...Object.fromEntries(WAITING_STATUSES.map((s) => [s, 0])),
      documentsRequested: 1100,
    } as TStatusOverview['overdue']['counts'],
  },
};

describe('admin dashboard', () => {
  it('welcomes the admin, links each count to its screen and lists the latest messages', async () => {
    const { fetchMock } = await renderScreen(<AdminDashboardPage />, {
      handlers: {
        'GET /api/admin/summary': () => json(summary),
        'GET /api/contact/latest': () => json(messages),
        'GET /api/ApplicationStatus/overview': () => json(overview),
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '12 Universities' })).toHaveAttribute(
      'href',
      '/Admin/Universities',
    );
    expect(screen.getByRole('link', { name: '48 Courses' })).toHaveAttribute('href', '/Admin/Courses');
    expect(screen.getByRole('link', { name: '1,530 Students' })).toHaveAttribute('href', '/Admin/Students');
    expect(screen.getByRole('link', { name: '7 Submitted applications' })).toHaveAttribute(
      'href',
      '/Admin/ApplicationForms',
    );
    const latest = screen.getByRole('region', { name: 'Latest messages' });
    const items = await within(latest).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Madina');
    expect(items[0]).toHaveTextContent('Do you help with visas?');
    expect(within(items[0]!).getByRole('link', { name: 'madina@mail.test' })).toHaveAttribute(
      'href',
      'mailto:madina@mail.test',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/contact/latest?limit=5');
  });

  it('says so when there are no messages or the figures cannot be loaded', async () => {
    await renderScreen(<AdminDashboardPage />, {
      handlers: {
        'GET /api/admin/summary': () => problem(500, 'Database is down'),
        'GET /api/contact/latest': () => json([]),
        'GET /api/ApplicationStatus/overview': () => json(overview),
      },
    });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The figures could not be loaded: Database is down',
    );
  });

  it('issue 12: counts applications by status, each opening Application Forms filtered by it, and lists the longest waiting', async () => {
    await renderScreen(<AdminDashboardPage />, {
      handlers: {
        'GET /api/admin/summary': () => json(summary),
        'GET /api/contact/latest': () => json([]),
        'GET /api/ApplicationStatus/overview': () => json(overview),
      },
    });
    const counts = await screen.findByRole('region', { name: 'Applications by status' });
    const links = await within(counts).findAllByRole('link');
    expect(links).toHaveLength(APPLICATION_STATUSES.length);
    expect(within(counts).getByRole('link', { name: 'Documents requested 1,200' })).toHaveAttribute(
      'href',
      '/Admin/ApplicationForms?status=documentsRequested',
    );
    expect(within(counts).getByRole('link', { name: 'Enrolled 0' })).toHaveAttribute(
      'href',
      '/Admin/ApplicationForms?status=enrolled',
    );
    const waiting = screen.getByRole('region', { name: 'Waiting longest' });
    // Only statuses with applications are listed, the longest waiting first.
    const list = within(waiting).getByRole('list', { name: 'Documents requested' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Alisher Gʻulomov'),
      expect.stringContaining('Madina Yusupova'),
    ]);
    expect(items[0]).toHaveTextContent('Software Engineering · Sunway University · since');
    expect(
      within(items[0]!).getByRole('link', { name: 'Open the application of Alisher Gʻulomov' }),
    ).toHaveAttribute('href', '/Admin/ApplicationForms?status=documentsRequested&selected=41');
    expect(within(waiting).queryByRole('list', { name: 'Submitted' })).toBeNull();
  });

  it('issue 21: counts the applications waiting longer than the Settings limit in each status, each opening the filtered list', async () => {
    await renderScreen(<AdminDashboardPage />, {
      handlers: {
        'GET /api/admin/summary': () => json(summary),
        'GET /api/contact/latest': () => json([]),
        'GET /api/ApplicationStatus/overview': () => json(overview),
      },
    });
    const overdue = await screen.findByRole('region', { name: 'Waiting longer than the limit' });
    expect(overdue).toHaveTextContent('more than 14 days');
    const items = within(overdue).getAllByRole('listitem');
    // Only the statuses with applications over the limit.
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Documents requested');
    expect(within(items[0]!).getByRole('link', { name: 'Over the limit: 1,100' })).toHaveAttribute(
      'href',
      '/Admin/ApplicationForms?status=documentsRequested',
    );
  });

  it('issue 21: says so when no application has waited longer than the limit', async () => {
    const none = {
      ...overview,
      overdue: { limitDays: 30, counts: { ...overview.overdue.counts, documentsRequested: 0 } },
    };
    await renderScreen(<AdminDashboardPage />, {
      handlers: {
        'GET /api/admin/summary': () => json(summary),
        'GET /api/contact/latest': () => json([]),
        'GET /api/ApplicationStatus/overview': () => json(none),
      },
    });
    const overdue = await screen.findByRole('region', { name: 'Waiting longer than the limit' });
    expect(overdue).toHaveTextContent('No application has waited longer than 30 days.');
  });
});
