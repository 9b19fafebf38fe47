import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeResource, json, problem, renderScreen, resetNotifications } from '../../testing';
import { CoursesPage } from './courses';
import { ExchangeRatesPage } from './exchange-rates';
import { StudentsPage } from './students';
import { UniversitiesPage } from './universities';
import { UniversityCoursesPage } from './university-courses';

// What each catalogue definition adds to the generic screen: picklists, own save routes, URL
// checks, rendered columns, the details panel and the buttons offered.

afterEach(() => resetNotifications());

const level = { id: 1, name: 'Bachelor' };
const category = { id: 2, name: 'Computing' };
const course = {
  id: 5,
  name: 'Software Engineering',
  description: null,
  levelId: 1,
  categoryId: 2,
  level,
  category,
};
const picklists = {
  'GET /api/CourseLevel/allAsync': () => json([level, { id: 3, name: 'Master' }]),
  'GET /api/CourseCategory/allAsync': () => json([category]),
};
const bodies = (fetchMock: { mock: { calls: unknown[][] } }, call: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}` === call)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

async function choose(user: Awaited<ReturnType<typeof renderScreen>>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Course Maintenance', () => {
  it('adds through /Course/addCourse with the level and category chosen from picklists', async () => {
    const fake = fakeResource('Course', [course]);
    const { user, fetchMock } = await renderScreen(<CoursesPage />, {
      handlers: {
        ...fake.handlers,
        ...picklists,
        'POST /api/Course/addCourse': () => json({ ...course, id: 6 }),
      },
    });
    expect(await screen.findByRole('cell', { name: 'Software Engineering' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Bachelor' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Computing' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Please fill in this field')).toHaveLength(3);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Data Science');
    await choose(user, 'Level', 'Master');
    await choose(user, 'Category', 'Computing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item saved successfully!')).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST /api/Course/addCourse')).toEqual([
      { name: 'Data Science', description: null, levelId: 3, categoryId: 2 },
    ]);
  });

  it('updates through PUT /Course/updateCourse/{id}', async () => {
    const { user, fetchMock } = await renderScreen(<CoursesPage />, {
      handlers: {
        ...fakeResource('Course', [course]).handlers,
        ...picklists,
        'PUT /api/Course/updateCourse/5': () => json(course),
      },
    });
    await screen.findByRole('cell', { name: 'Software Engineering' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Level' })).toHaveValue('Bachelor'),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Four years');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Item saved successfully!');
    expect(bodies(fetchMock, 'PUT /api/Course/updateCourse/5')).toEqual([
      { name: 'Software Engineering', description: 'Four years', levelId: 1, categoryId: 2 },
    ]);
  });

  it("says 'Failed to load levels for picklist. Please refresh.' when levels cannot be loaded", async () => {
    const { user } = await renderScreen(<CoursesPage />, {
      handlers: {
        ...fakeResource('Course', [course]).handlers,
        ...picklists,
        'GET /api/CourseLevel/allAsync': () => problem(500, 'down'),
      },
    });
    await screen.findByRole('cell', { name: 'Software Engineering' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Failed to load levels for picklist. Please refresh.'),
    ).toBeInTheDocument();
  });
});

describe("University's Course Maintenance", () => {
  const row = {
    id: 9,
    universityId: 4,
    courseId: 5,
    duration: 36,
    price: 42500,
    currency: 0,
    requiredLanguageId: 1,
    requiredScore: 6,
    website: null,
    youtube: null,
    university: { id: 4, name: 'Sunway University' },
    course: { id: 5, name: 'Software Engineering', level, category },
  };

  it('shows duration in months and the price with its currency; filters on course.name', async () => {
    const { user, fetchMock } = await renderScreen(<UniversityCoursesPage />, {
      handlers: fakeResource('UniversityCourse', [row]).handlers,
    });
    expect(await screen.findByRole('cell', { name: 'Sunway University' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '36 months' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '42,500\u00a0MYR' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'soft');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST /api/UniversityCourse/getListByPage').at(-1).filter.conditions).toEqual([
        { field: 'course.name', operator: 'CONTAINS', value: 'soft' },
      ]),
    );
  });

  it('edits through PUT UpdateUniversityCourse with pickers, currency and required language', async () => {
    const { user, fetchMock } = await renderScreen(<UniversityCoursesPage />, {
      handlers: {
        ...fakeResource('UniversityCourse', [row]).handlers,
        'GET /api/University/allAsync': () => json([row.university]),
        'GET /api/Course/allAsync': () => json([course]),
        'PUT /api/UniversityCourse/UpdateUniversityCourse/9': () => json(row),
      },
    });
    await screen.findByRole('cell', { name: 'Sunway University' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: "Edit University's Course" });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
        'Software Engineering (Bachelor)',
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('Malaysian ringgit (MYR)');
    await choose(user, 'Currency', 'US dollar (USD)');
    await choose(user, 'Required language', 'Optional');
    await user.type(within(dialog).getByRole('textbox', { name: 'YouTube' }), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid web address')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'YouTube' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Item saved successfully!');
    expect(bodies(fetchMock, 'PUT /api/UniversityCourse/UpdateUniversityCourse/9')).toEqual([
      {
        universityId: 4,
        courseId: 5,
        duration: 36,
        price: 42500,
        currency: 3,
        requiredLanguageId: -1,
        requiredScore: 6,
        website: null,
        youtube: null,
      },
    ]);
  });

  it('names the universities and courses picklists that fail to load', async () => {
    const { user } = await renderScreen(<UniversityCoursesPage />, {
      handlers: {
        ...fakeResource('UniversityCourse', []).handlers,
        'GET /api/University/allAsync': () => problem(500, 'down'),
        'GET /api/Course/allAsync': () => problem(500, 'down'),
      },
    });
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Failed to load universities for picklist. Please refresh.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to load courses for picklist. Please refresh.')).toBeInTheDocument();
  });
});

describe('University Maintenance', () => {
  const sunway = {
    id: 4,
    name: 'Sunway University',
    description: 'Private university in Selangor',
    email: 'info@sunway.edu.my',
    phone: '+60 3 7491 8622',
    fax: '+60 3 5635 8633',
    address: 'Bandar Sunway',
    website: 'https://sunway.edu.my',
    youtube: null,
    instagram: null,
    facebook: null,
    tiktok: null,
  };

  it('shows the selected university in a read-only Details panel', async () => {
    await renderScreen(<UniversitiesPage />, { handlers: fakeResource('University', [sunway]).handlers });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Private university in Selangor')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).toBeNull();
    for (const header of ['Name', 'Email', 'Phone', 'Fax', 'Address', 'Website'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('requires the contact fields, checks URLs and adds https:// to a bare website', async () => {
    const fake = fakeResource('University', []);
    const { user } = await renderScreen(<UniversitiesPage />, { handlers: fake.handlers });
    await screen.findByText('No data available.');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add University' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Please fill in this field')).toHaveLength(6);
    expect(within(dialog).getByRole('textbox', { name: 'Instagram' })).not.toBeRequired();

    const fill = async (label: string, value: string) => {
      await user.click(within(dialog).getByRole('textbox', { name: label }));
      await user.paste(value);
    };
    await fill('Name', 'Taylor’s University');
    await fill('Email', 'not-an-email');
    await fill('Phone', '+60 3 5629 5000');
    await fill('Fax', '+60 3 5629 5001');
    await fill('Address', 'Subang Jaya');
    await fill('Website', 'taylors.edu.my');
    await fill('TikTok', 'bad url');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid web address')).toBeInTheDocument();
    expect(fake.store.rows).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await fill('Email', 'info@taylors.edu.my');
    await user.clear(within(dialog).getByRole('textbox', { name: 'TikTok' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Item saved successfully!');
    expect(fake.store.rows[0]).toMatchObject({
      website: 'https://taylors.edu.my',
      // Issue 20 item 4: saved without spaces, dashes or brackets.
      phone: '+60356295000',
      fax: '+60356295001',
      tiktok: null,
      description: null,
    });
  }, 30_000); // Eleven fields in a modal: role queries are slow in jsdom.
});

describe('Student Maintenance (admin)', () => {
  const student = {
    id: 7,
    userId: 2,
    firstName: 'Lola',
    middleName: null,
    lastName: 'Karimova',
    passportSeries: 'AB',
    passportNumber: '1234567',
    email: 'lola@mail.test',
    phoneNumber: '+998901234567',
    mobileNumber: null,
    gender: 1,
    country: 0,
    dateOfBirth: '2004-05-01',
    city: 'Tashkent',
    address: '1 Navoi Street',
    postCode: '100000',
    race: 'Uzbek',
  };

  it('lists with details, filtered on firstName; Add and Edit open the application form page', async () => {
    const { user, fetchMock } = await renderScreen(<StudentsPage />, {
      handlers: fakeResource('StudentInfo', [student]).handlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'AB1234567' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Female')).toBeInTheDocument();
    expect(within(details).getByText('Uzbekistan')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'lo');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST /api/StudentInfo/getListByPage').at(-1).filter.conditions).toEqual([
        { field: 'firstName', operator: 'CONTAINS', value: 'lo' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent(
      '/Admin/Students/FormPage?studentId=7',
    );
  });

  it("shows each student's progress like the agent's screen: 'N of 10', 'Submitted'", async () => {
    const rows = [
      { ...student, step: null },
      { ...student, id: 8, firstName: 'Bekzod', step: 5 },
      { ...student, id: 9, firstName: 'Malika', step: 11 },
    ];
    await renderScreen(<StudentsPage />, { handlers: fakeResource('StudentInfo', rows).handlers });
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((h) => h.textContent).join(', ')).toBe(
      'First Name, Middle Name, Last Name, Passport, Email, Progress',
    );
    const progressOf = async (name: string) => {
      const row = (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell').at(-1)?.textContent;
    };
    expect(await progressOf('Lola')).toBe('0 of 10');
    expect(await progressOf('Bekzod')).toBe('4 of 10');
    expect(await progressOf('Malika')).toBe('Submitted');
  });

  it('Add opens the form page for a new student', async () => {
    const { user } = await renderScreen(<StudentsPage />, {
      handlers: fakeResource('StudentInfo', [student]).handlers,
    });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent(
      '/Admin/Students/FormPage',
    );
  });
});

describe('Exchange Rate Maintenance (issue 20 item 1)', () => {
  const rate = {
    id: 3,
    fromCurrency: 3,
    toCurrency: 2,
    rate: '12850.0000000000',
    date: '2026-11-02',
    source: 'CBU',
  };

  it('lists the pair, the exact rate and its date, and adds a rate as exact text', async () => {
    const { user, fetchMock } = await renderScreen(<ExchangeRatesPage />, {
      handlers: {
        ...fakeResource('ExchangeRate', [rate]).handlers,
        'POST /api/ExchangeRate/add': () => json({ ...rate, id: 4, rate: '2900.5' }),
      },
    });
    expect(await screen.findByRole('cell', { name: 'USD → UZS' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '12,850' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2 Nov 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Exchange Rate' });
    await choose(user, 'From currency', 'Malaysian ringgit (MYR)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rate' }), '2900.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2026-11-20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Source' }), 'CBU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Item saved successfully!');
    expect(bodies(fetchMock, 'POST /api/ExchangeRate/add')).toEqual([
      { fromCurrency: 0, toCurrency: 2, rate: '2900.5', date: '2026-11-20', source: 'CBU' },
    ]);
  });

  it('refuses a pair of one currency in the form', async () => {
    const { user } = await renderScreen(<ExchangeRatesPage />, {
      handlers: fakeResource('ExchangeRate', [rate]).handlers,
    });
    await screen.findByRole('cell', { name: 'USD → UZS' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Exchange Rate' });
    await choose(user, 'To currency', 'US dollar (USD)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rate' }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2026-11-20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Source' }), 'CBU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please choose two different currencies.')).toBeInTheDocument();
  });
});
