import { screen, waitFor, within } from '@testing-library/react';
import type { TApplicationForm, TApplicationFormRow, TApplicationStatus } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResource, json, listRequests, problem, renderScreen, resetNotifications } from '../../testing';
import { ApplicationFormsPage } from './application-forms';

// Issue 10 item 1: the admin Application Form screen on the generic maintenance screen.

const university = { id: 4, name: 'Sunway University' };
const course = { id: 5, name: 'Software Engineering' };
const row = (
  id: number,
  firstName: string,
  middleName: string | null = null,
  status: TApplicationStatus = 'submitted',
): TApplicationFormRow => ({
  id,
  studentCourseId: id,
  studentId: 30 + id,
  fullName: [firstName, middleName, 'Gʻulomov'].filter(Boolean).join(' '),
  studentInfo: { firstName, middleName, lastName: 'Gʻulomov' },
  email: `${id}@mail.test`,
  university,
  universityId: university.id,
  course,
  universityCourseId: 9,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status,
});
const audit = { lastUpdatedBy: 'Admin', lastUpdatedDate: '2026-11-20T10:00:00.000Z' };
const detail = (id: number, firstName: string): TApplicationForm => ({
  id,
  studentCourseId: id,
  studentId: 30 + id,
  submittedAt: '2026-11-20T10:00:00.000Z',
  studentInfo: {
    id: 30 + id,
    userId: 2,
    ...audit,
    firstName,
    middleName: null,
    lastName: 'Gʻulomov',
    passportSeries: 'AB',
    passportNumber: '1234567',
    gender: 1,
    dateOfBirth: '2004-05-06',
    email: 'alisher@mail.test',
    address: '1 Navoi Street',
    city: 'Samarqand',
    postCode: '140100',
    race: 'Uzbek',
    phoneNumber: '+998901234567',
    mobileNumber: '+998901234599',
    country: 0,
  },
  guardian: {
    id: 1,
    studentId: 30 + id,
    ...audit,
    firstName: 'Karim',
    middleName: null,
    lastName: 'Gʻulomov',
    relationship: 3,
    others: 'Uncle',
    occupation: 'Engineer',
    phoneNumber: '+998901112233',
    mobileNumber: null,
    email: 'karim@mail.test',
    address: '2 Navoi Street',
  },
  emergencyContact: {
    id: 1,
    studentId: 30 + id,
    ...audit,
    firstName: 'Dilnoza',
    middleName: null,
    lastName: 'Karimova',
    relationship: 1,
    others: null,
    phoneNumber: '+998907778899',
    mobileNumber: null,
  },
  otherInfo: {
    id: 8,
    studentId: 30 + id,
    ...audit,
    facebook: false,
    twitter: false,
    instagram: false,
    linkedIn: false,
    tikTok: false,
    youTube: false,
    website: true,
    friends: false,
    exhibition: false,
    agentId: null,
    others: false,
    otherInfoDetails: null,
    personalStatement: 'I want to build bridges in Samarqand.',
  },
  referees: [
    {
      id: 4,
      studentId: 30 + id,
      fullName: 'Гулчеҳра Раҳимова',
      relationship: 'Class teacher',
      email: 'rahimova@litsey.uz',
      institution: 'Lyceum No. 1',
    },
  ],
  qualifications: [
    {
      id: 3,
      studentId: 30 + id,
      qualificationType: 4,
      others: null,
      yearOfExam: 2022,
      nameOfExamination: 'State exam',
      nameOfInstitution: 'Lyceum No. 1',
      result: '4.8',
      certFileName: 'f-cert',
      transcriptFileName: null,
      certFile: { fileId: 'f-cert', name: 'diploma.pdf' },
      transcriptFile: null,
    },
  ],
  languages: [
    {
      id: 4,
      studentId: 30 + id,
      languageType: 1,
      others: null,
      result: '7.5',
      yearOfExam: 2023,
      certFileName: 'f-ielts',
      certFile: { fileId: 'f-ielts', name: 'ielts.pdf' },
    },
  ],
  experiences: [
    { id: 5, studentId: 30 + id, company: 'Uzum', position: 'Intern', from: '2023-01-01', to: null },
  ],
  documents: [
    { id: 6, documentTypeId: 1, documentType: 'Passport Photo', fileId: 'f-photo', fileName: 'photo.jpg' },
  ],
  university,
  course,
  universityCourseId: 9,
  intake: null,
  duration: 36,
  price: 42500,
  currency: 0,
});

const saved: { name: string; href: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  resetNotifications();
  vi.restoreAllMocks();
});

const pdf = () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
const handlers = (rows: TApplicationFormRow[], extra = {}) => ({
  ...fakeResource('ApplicationForm', rows).handlers,
  ...Object.fromEntries(
    rows.map((r) => [`GET /api/ApplicationForm/${r.id}`, () => json(detail(r.id, r.studentInfo.firstName))]),
  ),
  ...extra,
});

describe('the Application Form screen', () => {
  it('lists Full Name, Email, University and Course, filtering on studentInfo.firstName', async () => {
    const { user, fetchMock } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Алишер', 'Karim'), row(8, 'Bekzod')]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Application Forms' })).toBeInTheDocument();
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Full Name',
      'Email',
      'University',
      'Course',
      'Status',
      'Actions',
    ]);
    expect(await screen.findByRole('cell', { name: 'Алишер Karim Gʻulomov' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Bekzod Gʻulomov' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'али');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Bekzod Gʻulomov' })).toBeNull());
    expect(listRequests(fetchMock, 'ApplicationForm').at(-1)?.filter?.conditions).toEqual([
      { field: 'studentInfo.firstName', operator: 'CONTAINS', value: 'али' },
    ]);
  });

  it('issue 12: shows each row’s status and filters by it, from the address and the Status choice', async () => {
    const { user, fetchMock } = await renderScreen(<ApplicationFormsPage />, {
      path: '/screen?status=underReview',
      handlers: handlers([
        row(7, 'Alisher', null, 'underReview'),
        row(8, 'Bekzod', null, 'documentsRequested'),
      ]),
    });
    const alisher = await screen.findByRole('row', { name: /Alisher/ });
    expect(within(alisher).getByText('Under review')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Bekzod/ })).toBeNull();
    expect(listRequests(fetchMock, 'ApplicationForm').at(-1)?.filter?.conditions).toEqual([
      { field: 'status', operator: 'EQ', value: 'underReview' },
    ]);
    const choice = screen.getByRole('combobox', { name: 'Status' });
    expect(choice).toHaveValue('Under review');
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    const bekzod = await screen.findByRole('row', { name: /Bekzod/ });
    expect(within(bekzod).getByText('Documents requested')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'current address' })).not.toHaveTextContent('status=');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Documents requested' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Alisher/ })).toBeNull());
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent(
      'status=documentsRequested',
    );
    // With the name filter too: both conditions, ANDed; Clear drops both.
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'bek');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(listRequests(fetchMock, 'ApplicationForm').at(-1)?.filter?.conditions).toEqual([
        { field: 'studentInfo.firstName', operator: 'CONTAINS', value: 'bek' },
        { field: 'status', operator: 'EQ', value: 'documentsRequested' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('row', { name: /Alisher/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('All statuses');
  }, 60_000); // many steps: generous on a loaded machine

  it('shows the selected row as a read-only tabbed detail with every section', async () => {
    const { user } = await renderScreen(<ApplicationFormsPage />, { handlers: handlers([row(7, 'Алишер')]) });
    const section = await screen.findByRole('region', {
      name: 'Application form of Алишер Gʻulomov: Software Engineering, Sunway University',
    });
    const tabs = within(section)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    // The sections of the shared application description, titled as the wizard's steps.
    expect(tabs).toEqual([
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
    const panel = () => within(section).getByRole('tabpanel');
    // Personal: passport joined, enums as labels.
    for (const text of ['AB1234567', 'Female', 'Uzbekistan', '6 May 2004', 'Samarqand', '+998901234599'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).toBeNull(); // read-only
    await user.click(within(section).getByRole('tab', { name: 'Parent/Guardian' }));
    for (const text of ['Karim', 'Uncle', 'Engineer', '2 Navoi Street'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
    await user.click(within(section).getByRole('tab', { name: 'Emergency Contact' }));
    expect(within(panel()).getByText('Brother or sister')).toBeInTheDocument();
    expect(within(panel()).queryByText('Occupation')).toBeNull();
    await user.click(within(section).getByRole('tab', { name: 'Qualifications' }));
    for (const text of ['Diploma', 'State exam', 'Lyceum No. 1', '4.8', 'diploma.pdf', 'No file uploaded'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
    await user.click(within(section).getByRole('tab', { name: 'Language' }));
    for (const text of ['IELTS', '7.5', '2023', 'ielts.pdf'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
    await user.click(within(section).getByRole('tab', { name: 'Working Experience' }));
    for (const text of ['Uzum', 'Intern', '1 Jan 2023', 'Present'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
    await user.click(within(section).getByRole('tab', { name: 'Supporting Documents' }));
    for (const text of ['Passport Photo', 'photo.jpg'])
      expect(within(panel()).getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['uz', 'Qoʻshimcha hujjatlar', 'Pasport uchun surat'],
    ['ru', 'Документы', 'Фото на паспорт'],
  ])(
    "issue 20: the Documents tab in %s names a fixed type in the reader's language, an admin's type as stored",
    async (language, tabName, photo) => {
      const form = detail(7, 'Алишер');
      form.documents = [
        ...form.documents,
        { id: 9, documentTypeId: 6, documentType: 'Bank statement', fileId: 'f-bank', fileName: 'bank.pdf' },
      ];
      const { user } = await renderScreen(<ApplicationFormsPage />, {
        handlers: handlers([row(7, 'Алишер')], { 'GET /api/ApplicationForm/7': () => json(form) }),
        language,
      });
      const tab = await screen.findByRole('tab', { name: tabName }, { timeout: 10_000 });
      await user.click(tab);
      const panel = screen.getByRole('tabpanel');
      for (const text of [photo, 'photo.jpg', 'Bank statement', 'bank.pdf'])
        expect(within(panel).getByText(text)).toBeInTheDocument();
      expect(within(panel).queryByText('Passport Photo')).toBeNull();
    },
  );

  it('issue 21: the Course Selection tab shows the intake applied to, its deadline in each zone named', async () => {
    const form = detail(7, 'Алишер');
    form.intake = {
      id: 3,
      startDate: '2027-05-03',
      applicationDeadline: '2027-03-01T15:59:00.000Z',
      lateDeadline: null,
    };
    const { user } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Алишер')], { 'GET /api/ApplicationForm/7': () => json(form) }),
    });
    const section = await screen.findByRole('region', { name: /Application form of Алишер/ });
    await user.click(within(section).getByRole('tab', { name: 'Course Selection' }));
    const panel = within(section).getByRole('tabpanel');
    for (const text of [
      'Software Engineering',
      'Sunway University',
      'Starts',
      '3 May 2027',
      'Application deadline',
    ])
      expect(within(panel).getByText(text)).toBeInTheDocument();
    const deadline = within(panel).getByText(/1 Mar 2027, 23:59 \(Kuala Lumpur time\)/);
    expect(deadline.textContent).toContain('1 Mar 2027, 20:59 (Tashkent time)');
  });

  it('shows the personal statement on the Other Information tab', async () => {
    const { user } = await renderScreen(<ApplicationFormsPage />, { handlers: handlers([row(7, 'Алишер')]) });
    const section = await screen.findByRole('region', { name: /Application form of Алишер/ });
    await user.click(within(section).getByRole('tab', { name: 'Other Information' }));
    const panel = within(section).getByRole('tabpanel');
    expect(within(panel).getByText('Personal Statement')).toBeInTheDocument();
    expect(within(panel).getByText('I want to build bridges in Samarqand.')).toBeInTheDocument();
    expect(within(panel).getByText('Website')).toBeInTheDocument();
  });

  it('issue 21: shows the referees on their own tab after Other Information', async () => {
    const { user } = await renderScreen(<ApplicationFormsPage />, { handlers: handlers([row(7, 'Алишер')]) });
    const section = await screen.findByRole('region', { name: /Application form of Алишер/ });
    await user.click(within(section).getByRole('tab', { name: 'Other Information' }));
    expect(within(within(section).getByRole('tabpanel')).queryByText('Гулчеҳра Раҳимова')).toBeNull();
    await user.click(within(section).getByRole('tab', { name: 'Referees' }));
    const panel = within(section).getByRole('tabpanel');
    for (const text of [
      'Full Name',
      'Гулчеҳра Раҳимова',
      'Relationship to Applicant',
      'Class teacher',
      'rahimova@litsey.uz',
      'Institution',
    ])
      expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(within(panel).queryByText('Personal Statement')).toBeNull();
  });

  it('downloads a stored file under its name, and says File not found when it is gone', async () => {
    let status = 200;
    const { user } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Алишер')], {
        'GET /api/Document/downloadByFileId/f-photo': () =>
          status === 200 ? pdf() : problem(404, 'File not found'),
      }),
    });
    const section = await screen.findByRole('region', { name: /Application form of/ });
    await user.click(within(section).getByRole('tab', { name: 'Supporting Documents' }));
    const button = within(section).getByRole('button', { name: 'Download Passport Photo: photo.jpg' });
    await user.click(button);
    await waitFor(() => expect(saved).toEqual([{ name: 'photo.jpg', href: 'blob:test' }]));
    status = 404;
    await user.click(button);
    expect(await screen.findByText('File not found')).toBeInTheDocument();
  });

  it("downloads the row's PDF as '{first} {middle} {last} Application Form.pdf' from the keyboard", async () => {
    const { user, fetchMock } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Алишер', 'Karim'), row(8, 'Bekzod')], {
        'GET /api/ApplicationForm/generate-application-form': (_init: unknown, url?: string) =>
          url?.endsWith('studentCourseId=8') ? pdf() : problem(404, 'Not found'),
      }),
    });
    const action = await screen.findByRole('button', {
      name: 'Download the application form of Bekzod Gʻulomov (PDF)',
    });
    action.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Bekzod Gʻulomov Application Form.pdf']));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('studentCourseId=8'))).toBe(true);
    // The key went to the button, not the row: the first row stays selected.
    expect(screen.getByRole('region', { name: /Application form of Алишер/ })).toBeInTheDocument();
    // A PDF the server does not find: 'File not found'.
    await user.click(
      screen.getByRole('button', { name: 'Download the application form of Алишер Karim Gʻulomov (PDF)' }),
    );
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('says File not found without asking when a row has no student course id', async () => {
    const { user, fetchMock } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([{ ...row(7, 'Ali'), studentCourseId: null as unknown as number }]),
    });
    await user.click(await screen.findByRole('button', { name: /Download the application form of Ali/ }));
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('generate-application-form'))).toBe(
      false,
    );
  });

  it('Edit changes the course: courses of the chosen university, duration and price read-only from the catalogue', async () => {
    const catalogueCourse = (id: number, name: string, duration: number, price: number) => ({
      id,
      universityId: 4,
      courseId: id,
      duration,
      price,
      currency: 0,
      university,
      course: { id, name, level: { id: 1, name: 'Bachelor' }, category: { id: 2, name: 'Computing' } },
    });
    const updates: unknown[] = [];
    const { user } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Ali')], {
        'GET /api/University/allAsync': () => json([university, { id: 6, name: 'Taylor’s University' }]),
        'POST /api/UniversityCourse/findAsync': () =>
          json([
            catalogueCourse(9, 'Software Engineering', 36, 42500),
            catalogueCourse(10, 'Data Science', 24, 39000),
          ]),
        'POST /api/ApplicationForm/update': (init: RequestInit | undefined) => {
          updates.push(JSON.parse(String(init?.body)));
          return json(row(7, 'Ali'));
        },
      }),
    });
    await screen.findByRole('cell', { name: 'Ali Gʻulomov' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Application Form' });
    expect(within(dialog).getByRole('textbox', { name: 'Student' })).toHaveValue('Ali Gʻulomov');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Duration' })).toHaveValue('36'));
    expect(within(dialog).getByRole('textbox', { name: 'Duration' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('42 500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Data Science (Bachelor)' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Duration' })).toHaveValue('24'));
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('39 000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ studentId: 37, universityCourseId: 10, id: 7 }]));
  });

  it("Add applies the selected row's student for another course; a new university empties the course", async () => {
    const adds: unknown[] = [];
    const other = { id: 6, name: 'Taylor’s University' };
    const { user } = await renderScreen(<ApplicationFormsPage />, {
      handlers: handlers([row(7, 'Ali')], {
        'GET /api/University/allAsync': () => json([university, other]),
        'POST /api/UniversityCourse/findAsync': (init: RequestInit | undefined) => {
          const universityId = JSON.parse(String(init?.body)).conditions[0].value;
          const name = universityId === 4 ? 'Software Engineering' : 'Law';
          return json([
            {
              id: universityId * 10,
              universityId,
              courseId: 1,
              duration: 12,
              price: 1000,
              currency: 3,
              university: universityId === 4 ? university : other,
              course: { id: 1, name, level: { id: 1, name: 'Master' }, category: { id: 2, name: 'X' } },
            },
          ]);
        },
        'POST /api/ApplicationForm/add': (init: RequestInit | undefined) => {
          adds.push(JSON.parse(String(init?.body)));
          return json(row(11, 'Ali'));
        },
      }),
    });
    await screen.findByRole('cell', { name: 'Ali Gʻulomov' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Application Form' });
    expect(within(dialog).getByRole('textbox', { name: 'Student' })).toHaveValue('Ali Gʻulomov');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill in this field')).toBeInTheDocument();
    const choose = async (label: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('University', 'Taylor’s University');
    await choose('Course', 'Law (Master)');
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('1 000');
    await choose('University', 'Sunway University');
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('');
    await choose('Course', 'Software Engineering (Master)');
    expect(adds).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(adds).toEqual([{ studentId: 37, universityCourseId: 40 }]));
  });
});
