import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  fakeResource,
  fakeStatusApi,
  fakeUploads,
  historyEntry,
  json,
  listRequests,
  offerOn,
  openRequest,
  renderScreen,
  resetNotifications,
  statusApplication,
} from '../../testing';
import { AgentStudentsPage } from './student-maintenance';

afterEach(() => resetNotifications());

const address = () => screen.getByRole('status', { name: 'current address' }).textContent;
const student = (id: number, firstName: string) => ({
  id,
  userId: 2,
  firstName,
  middleName: null,
  lastName: 'Tester',
  passportSeries: 'AC',
  passportNumber: `77${id}`,
  email: `${firstName.toLowerCase()}@mail.test`,
  phoneNumber: '+998901234567',
});

describe("the agent's Student Maintenance", () => {
  it('lists the students with email, names, passport and phone', async () => {
    await renderScreen(<AgentStudentsPage />, {
      handlers: fakeResource('StudentInfo', [student(12, 'Lola')]).handlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeInTheDocument();
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((h) => h.textContent).join(', ')).toBe(
      'Email, First Name, Middle Name, Last Name, Passport, Phone, Progress, Status',
    );
    expect(await screen.findByRole('cell', { name: 'AC7712' })).toBeInTheDocument();
  });

  it.each(['uz', 'ru', 'en'])(
    'issue 20: names each column once in %s (the step count is not a second Status)',
    async (language) => {
      await renderScreen(<AgentStudentsPage />, {
        handlers: fakeResource('StudentInfo', [student(12, 'Lola')]).handlers,
        language,
      });
      await screen.findByRole('cell', { name: 'AC7712' });
      const names = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
      expect(new Set(names).size).toBe(names.length);
      if (language === 'uz') expect(names).toEqual(expect.arrayContaining(['Jarayon', 'Holat']));
    },
  );

  it('opens the form page for a new student on Add', async () => {
    const { user } = await renderScreen(<AgentStudentsPage />, {
      handlers: fakeResource('StudentInfo', [student(12, 'Lola')]).handlers,
    });
    await screen.findByRole('cell', { name: 'Lola' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(address()).toBe('/Agent/Students/FormPage'));
  });

  it('opens the form page with the selected student id on Edit', async () => {
    const { user } = await renderScreen(<AgentStudentsPage />, {
      handlers: fakeResource('StudentInfo', [student(12, 'Lola'), student(15, 'Bekzod')]).handlers,
    });
    await user.click(await screen.findByRole('cell', { name: 'Bekzod' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(address()).toBe('/Agent/Students/FormPage?studentId=15'));
  });

  it('keeps the name filter out of the address (personal data), but still filters', async () => {
    const { user } = await renderScreen(<AgentStudentsPage />, {
      handlers: fakeResource('StudentInfo', [student(12, 'Lola'), student(15, 'Bekzod')]).handlers,
    });
    await screen.findByRole('cell', { name: 'Lola' });
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'bek');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Lola' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Bekzod' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/screen?selected=15'));
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('bek');
  });

  it("shows each student's progress from the stored stage: 'N of 10', 'Submitted'", async () => {
    const rows = [
      { ...student(12, 'Lola'), step: null },
      { ...student(13, 'Aziz'), step: 1 },
      { ...student(14, 'Bekzod'), step: 5 },
      { ...student(15, 'Dilya'), step: 10 },
      { ...student(16, 'Malika'), step: 11 },
    ];
    await renderScreen(<AgentStudentsPage />, { handlers: fakeResource('StudentInfo', rows).handlers });
    const progressOf = async (name: string) => {
      const row = (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell').at(-2)?.textContent;
    };
    expect(await progressOf('Lola')).toBe('0 of 10');
    expect(await progressOf('Aziz')).toBe('0 of 10');
    expect(await progressOf('Bekzod')).toBe('4 of 10');
    expect(await progressOf('Dilya')).toBe('9 of 10');
    expect(await progressOf('Malika')).toBe('Submitted');
  });

  it('shows the agent their own agent id, the number students type as their referral', async () => {
    await renderScreen(<AgentStudentsPage />, {
      handlers: {
        ...fakeResource('StudentInfo', [student(12, 'Lola')]).handlers,
        'GET /api/auth/me': () => json(DEMO_USERS.Agent),
      },
    });
    expect(await screen.findByText('Your agent id: 2')).toBeInTheDocument();
  });
});

describe("the students' latest status (issue 12)", () => {
  const rows = [
    {
      ...student(12, 'Lola'),
      step: 11,
      latestStatus: 'documentsRequested',
      latestStatusAt: '2026-11-23 01:00:00+00',
    },
    {
      ...student(13, 'Aziz'),
      step: 11,
      latestStatus: 'underReview',
      latestStatusAt: '2026-11-22 01:00:00+00',
    },
    { ...student(14, 'Bekzod'), step: 5, latestStatus: null, latestStatusAt: null },
  ];
  const statusOf = async (name: string) => {
    const row = (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
    return within(row).getAllByRole('cell').at(-1)?.textContent;
  };

  it('shows it as a badge in the Status column, a dash before the first confirm', async () => {
    await renderScreen(<AgentStudentsPage />, { handlers: fakeResource('StudentInfo', rows).handlers });
    expect(await statusOf('Lola')).toBe('Documents requested');
    expect(await statusOf('Aziz')).toBe('Under review');
    expect(await statusOf('Bekzod')).toBe('–');
  });

  it('filters by it at once, keeps the choice in the address, and Clear shows every student again', async () => {
    const { user, fetchMock } = await renderScreen(<AgentStudentsPage />, {
      handlers: fakeResource('StudentInfo', rows).handlers,
    });
    await screen.findByRole('cell', { name: 'Lola' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Under review' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Lola' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Aziz' })).toBeInTheDocument();
    expect(listRequests(fetchMock, 'StudentInfo').at(-1)?.filter?.conditions).toEqual([
      { field: 'latestStatus', operator: 'EQ', value: 'underReview' },
    ]);
    await waitFor(() => expect(address()).toBe('/screen?status=underReview&selected=13'));
    // With a name too: both conditions, AND.
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'zz');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(listRequests(fetchMock, 'StudentInfo').at(-1)?.filter?.conditions).toEqual([
        { field: 'firstName', operator: 'CONTAINS', value: 'zz' },
        { field: 'latestStatus', operator: 'EQ', value: 'underReview' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('cell', { name: 'Lola' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('All statuses');
    expect(address()).not.toContain('status=');
  });
});

describe('the open document requests on the agent home', () => {
  it('lists each open request with student, course and what is missing; Upload answers it in a dialog', async () => {
    fakeUploads();
    const fake = fakeStatusApi(
      [
        statusApplication(
          40,
          'documentsRequested',
          [historyEntry(40, null, 'submitted', 1), historyEntry(40, 'underReview', 'documentsRequested', 5)],
          [openRequest(40, 'Bank statement')],
          15,
        ),
      ],
      {
        40: { studentName: 'Bekzod Tester', course: 'Software Engineering', university: 'Sunway University' },
      },
    );
    const openRows = () =>
      [...fake.store.values()].flatMap((a) =>
        a.requests
          .filter((r) => !r.answeredAt)
          .map((r) => ({
            id: r.id,
            studentCourseId: 40,
            documentTypeId: null,
            documentTypeName: null,
            text: r.text,
            createdAt: r.createdAt,
            studentId: 15,
            firstName: 'Bekzod',
            lastName: 'Tester',
            courseName: 'Software Engineering',
            universityName: 'Sunway University',
          })),
      );
    const { user } = await renderScreen(<AgentStudentsPage />, {
      handlers: {
        ...fakeResource('StudentInfo', [student(15, 'Bekzod')]).handlers,
        ...fake.handlers,
        'GET /api/DocumentRequest/open': () => json(openRows()),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Open document request (1)' });
    const item = within(panel).getByRole('listitem');
    expect(item).toHaveTextContent('Bekzod Tester');
    expect(item).toHaveTextContent('Software Engineering, Sunway University');
    expect(item).toHaveTextContent('Missing: Bank statement');
    // Issue 18: the agent's home says what waits for the agent, and for whom (the shared rule).
    const banner = await screen.findByRole('region', { name: 'An application needs you' });
    expect(banner).toHaveTextContent(
      'Bekzod Tester: Documents are requested for Software Engineering, Sunway University',
    );
    expect(item).toHaveTextContent(/Requested on .*2026/);

    await user.click(within(item).getByRole('button', { name: 'Upload Bank statement for Bekzod Tester' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bekzod Tester' });
    const card = await within(dialog).findByRole('article', { name: 'Software Engineering' });
    const file = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
    await user.upload(await within(card).findByLabelText('Choose a file for Bank statement'), file);
    // Answered, the application is under review again: the slot keeps the file and may replace it
    // until a decision (issue 20 item 6).
    const slot = await within(card).findByRole('group', { name: 'Bank statement' });
    expect(await within(slot).findByText('statement.pdf')).toBeInTheDocument();
    // Nothing is open any more: the panel goes once the dialog is closed.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Open document request/ })).toBeNull());
  });
});

describe("the agent's Action needed banner (issue 22)", () => {
  it('names an offer without a documents request, with its answer-by date, and opens its card', async () => {
    const answerBy = '2027-03-01T15:59:00.000Z';
    const fake = fakeStatusApi(
      [
        statusApplication(
          41,
          'unconditionalOffer',
          [historyEntry(41, null, 'submitted', 1), historyEntry(41, 'underReview', 'unconditionalOffer', 5)],
          [],
          15,
          offerOn(41, answerBy),
        ),
      ],
      { 41: { studentName: 'Bekzod Tester', course: 'Data Science', university: 'Taylor’s University' } },
    );
    const { user } = await renderScreen(<AgentStudentsPage />, {
      handlers: {
        ...fakeResource('StudentInfo', [student(15, 'Bekzod')]).handlers,
        ...fake.handlers,
        'GET /api/DocumentRequest/open': () => json([]),
      },
    });
    const banner = await screen.findByRole('region', { name: 'An application needs you' });
    expect(banner).not.toHaveTextContent('—');
    expect(banner).toHaveTextContent(
      'Bekzod Tester: An offer for Data Science, Taylor’s University waits for your answer',
    );
    expect(banner).toHaveTextContent(/Answer by:/);
    expect(banner).toHaveTextContent(/Kuala Lumpur time.*Tashkent time/);
    expect(within(banner).getAllByRole('time')[0]).toHaveAttribute('datetime', answerBy);
    await user.click(within(banner).getByRole('button', { name: 'Open the application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bekzod Tester' });
    expect(await within(dialog).findByRole('article', { name: 'Data Science' })).toBeInTheDocument();
  });
});

describe("the agent's Details panel", () => {
  it("shows the selected student's application forms, read-only, with the PDF and the tabbed detail", async () => {
    const form = {
      id: 40,
      studentCourseId: 40,
      studentId: 15,
      fullName: 'Bekzod Tester',
      studentInfo: { firstName: 'Bekzod', middleName: null, lastName: 'Tester' },
      email: 'bekzod@mail.test',
      university: { id: 4, name: 'Sunway University' },
      universityId: 4,
      course: { id: 5, name: 'Software Engineering' },
      universityCourseId: 9,
      submittedAt: '2026-11-20T10:00:00.000Z',
    };
    const { user, fetchMock } = await renderScreen(<AgentStudentsPage />, {
      handlers: {
        ...fakeResource('StudentInfo', [student(12, 'Lola'), student(15, 'Bekzod')]).handlers,
        ...fakeResource('ApplicationForm', [form]).handlers,
        'GET /api/ApplicationForm/40': () =>
          json({
            ...form,
            studentInfo: { ...student(15, 'Bekzod'), gender: 0, country: 1, passportSeries: 'AC' },
            guardian: null,
            emergencyContact: null,
            otherInfo: null,
            qualifications: [],
            languages: [],
            experiences: [],
            documents: [],
            duration: 36,
            price: 1,
            currency: 0,
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Application forms' });
    expect(await within(panel).findByText('No submitted applications yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('cell', { name: 'Bekzod' }));
    await waitFor(() =>
      expect(within(panel).getByRole('cell', { name: 'Software Engineering' })).toBeInTheDocument(),
    );
    expect(within(panel).getByRole('cell', { name: 'Sunway University' })).toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Download the application form of Bekzod Tester (PDF)' }),
    ).toBeInTheDocument();
    const detail = await within(panel).findByRole('region', { name: /Application form of Bekzod Tester/ });
    // The eight steps with saved data, the referees beside step 8 and the course (issue 21).
    expect(
      within(detail)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Personal Information',
      'Parent/Guardian',
      'Emergency Contact',
      'Qualifications',
      'Language',
      'Working Experience',
      'Supporting Documents',
      'Other Information',
      'Referees',
      'Course Selection',
    ]);
    expect(within(detail).getByText('Malaysia')).toBeInTheDocument();
    expect(within(detail).queryByRole('textbox')).toBeNull();
    // Hide and show again.
    await user.click(
      within(panel).getByRole('button', { name: 'Hide the application form for Software Engineering' }),
    );
    expect(within(panel).queryByRole('region')).toBeNull();
    // The list asked only for the selected student's applications.
    const lists = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/ApplicationForm/getListByPage')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)).filter.conditions);
    expect(lists.at(-1)).toEqual([{ field: 'studentId', operator: 'EQ', value: 15 }]);
  });
});
