import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakes, studentCourses } from '../../src/db/schema/index.js';
import { signInAs, type TestApp } from '../app.js';
import { jpegFile, pdfFile } from '../documents/samples.js';
import {
  client,
  seedCatalogue,
  type TClient,
  type TWho,
  universityCourseBody,
} from '../resources/helpers.js';
import {
  buildSubmittedApplication,
  createPdfApp,
  getPdf,
  pdfImagePages,
  pdfText,
  type TBuilt,
  upload,
} from './helpers.js';

// Issue 10 item 2: the application PDF, for each role, with the student's own Cyrillic and Uzbek
// Latin (U+02BB) text read back by poppler, labels in the requesting user's language, a bad photo
// left out with a note, and the event loop free while PDFs render in the worker threads.

let t: TestApp;
const who: Record<string, TWho> = {};
const as: Record<string, TClient> = {};
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let secondCourseId: number;
let byAgent: TBuilt; // an agent's student, middle name given
let ownByStudent: TBuilt; // a student's own application, no middle name

const A = {
  student: {
    firstName: 'Гулнора',
    middleName: 'Oʻtkirovna',
    lastName: 'Qoʻchqorova',
    email: 'gulnora.pdf@mail.test',
  },
  guardian: { firstName: 'Шавкат', middleName: null, lastName: 'Gʻofurov' },
  exam: 'Oʻrta maktab bitiruv imtihoni',
  institution: 'Toshkent akademik litseyi №1',
  personalStatement: 'Men koʻpriklar quraman.\nЯ хочу строить мосты.',
  referees: [
    {
      fullName: 'Гулчеҳра Раҳимова',
      relationship: 'Sinf rahbari',
      email: 'rahimova@litsey.uz',
      institution: 'Toshkent akademik litseyi',
    },
    {
      fullName: 'Oʻlmas Gʻaniyev',
      relationship: 'Ilmiy rahbar',
      email: 'ganiyev@tdtu.uz',
      institution: 'Toshkent davlat texnika universiteti',
    },
  ],
};
const B = {
  student: { firstName: 'Dilshod', middleName: null, lastName: 'Toʻxtayev', email: 'dilshod.pdf@mail.test' },
  guardian: { firstName: 'Ботир', middleName: 'Рустамович', lastName: 'Тухтаев' },
  exam: 'Final examination',
  institution: 'Samarqand litseyi',
};

const setLanguage = async (name: string, language: 'en' | 'uz' | 'ru') =>
  expect((await as[name]!.put('/auth/me/language', { language })).status).toBe(204);

beforeAll(async () => {
  // A long wait for a renderer: on this shared machine a burst of 8 may queue for seconds.
  t = await createPdfApp({ PDF_QUEUE_WAIT_MS: '30000' });
  for (const [name, role] of [
    ['admin', 'Admin'],
    ['agent', 'Agent'],
    ['student', 'Student'],
    ['otherAgent', 'Agent'],
    ['otherStudent', 'Student'],
  ] as const) {
    who[name] = await signInAs(t, `pdf.${name.toLowerCase()}@forms.test`, role);
    as[name] = client(t, who[name]!);
  }
  who.anonymous = null;
  cat = await seedCatalogue(as.admin!, 'Pdf');
  secondCourseId = (
    (
      await as.admin!.post(
        '/UniversityCourse/AddUniversityCourse',
        universityCourseBody(cat.universityId, cat.courseId, 9500),
      )
    ).body as { id: number }
  ).id;
  byAgent = await buildSubmittedApplication(t, as.agent!, who.agent!, {
    ...A,
    universityCourseIds: [cat.universityCourseId],
  });
  ownByStudent = await buildSubmittedApplication(t, as.student!, who.student!, {
    ...B,
    universityCourseIds: [cat.universityCourseId, secondCourseId],
  });
}, 120_000);
afterAll(() => t?.close());

describe('SECURITY 1, 2, 27: who gets the PDF', () => {
  it('admin any, the agent their student, the student their own; others 404 like a missing id; anonymous 401', async () => {
    const agents = byAgent.studentCourseIds[0]!;
    const students = ownByStudent.studentCourseIds[1]!;
    const expected: [string, number, number][] = [
      ['admin', agents, 200],
      ['admin', students, 200],
      ['agent', agents, 200],
      ['student', students, 200],
      ['agent', students, 404],
      ['student', agents, 404],
      ['otherAgent', agents, 404],
      ['otherStudent', students, 404],
      ['anonymous', agents, 401],
    ];
    const missing = await getPdf(t, who.admin!, 999_999);
    expect(missing.statusCode).toBe(404);
    for (const [name, id, status] of expected) {
      const res = await getPdf(t, who[name]!, id);
      expect([name, id, res.statusCode]).toEqual([name, id, status]);
      if (status === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (status === 404) expect(res.json()).toEqual(missing.json());
    }
    for (const bad of ['0', 'abc', '01', ''])
      expect([bad, (await getPdf(t, who.admin!, bad)).statusCode]).toEqual([bad, 400]);
  });

  it('a course selected but not submitted has no application form yet', async () => {
    const id = ownByStudent.studentId;
    const res = await as.student!.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [
      cat.universityCourseId,
      secondCourseId,
      (
        (
          await as.admin!.post(
            '/UniversityCourse/AddUniversityCourse',
            universityCourseBody(cat.universityId, cat.courseId, 700),
          )
        ).body as { id: number }
      ).id,
    ]);
    expect(res.status).toBe(200);
    const review = (await as.student!.get(`/Review/getReview?studentId=${id}`)).body as {
      courses: { id: number; submitted: boolean }[];
    };
    const unsubmitted = review.courses.find((c) => !c.submitted)!;
    expect((await getPdf(t, who.admin!, unsubmitted.id)).statusCode).toBe(404);
  });
});

describe('the file', () => {
  it('is an application/pdf attachment named per RFC 6266, with the UTF-8 name and an ASCII fallback', async () => {
    const res = await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toContain('no-store');
    const name = 'Гулнора Oʻtkirovna Qoʻchqorova Application Form.pdf';
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______ O_tkirovna Qo_chqorova Application Form.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const withoutMiddle = await getPdf(t, who.student!, ownByStudent.studentCourseIds[0]!);
    const star = /filename\*=UTF-8''(.+)$/.exec(String(withoutMiddle.headers['content-disposition']))![1]!;
    expect(decodeURIComponent(star)).toBe('Dilshod Toʻxtayev Application Form.pdf');
  });

  it("holds every section with the student's own text exactly, and the photo on the first page", async () => {
    await setLanguage('admin', 'en');
    const res = await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Гулнора',
      'Oʻtkirovna',
      'Qoʻchqorova',
      'Шавкат',
      'Gʻofurov',
      'Oʻqituvchi',
      'Amir Temur koʻchasi 7',
      'Yoʻldosheva',
      'Other',
      'Qoʻshni',
      A.exam,
      A.institution,
      'sertifikat.pdf',
      'transkript.pdf',
      'ielts.pdf',
      'IELTS',
      'Artel',
      'Present',
      'Facebook, Others',
      'Toshkentdagi koʻrgazma',
      'Pdf Software',
      'Pdf University',
      '36 months',
      '12,000 MYR',
      'Passport Photo',
      'surat.png',
      'pasport-nusxa.pdf',
      'rezyume.pdf',
      'AB1234567',
      'Female',
      'Uzbekistan',
    ])
      expect(text).toContain(expected);
    for (const heading of [
      'Personal Information',
      'Parent/Guardian',
      'Emergency Contact',
      'Qualifications',
      'Language',
      'Working Experience',
      'Other Information',
      'Course and University',
      'Supporting Documents',
    ])
      expect(text).toContain(heading);
    expect(text).not.toContain('No passport photo');
    // U+02BB stays the modifier letter (no apostrophe or box substituted).
    expect(text).toContain('Qo\u02BBchqorova');
    expect(await pdfImagePages(res.rawPayload)).toEqual([1]);
  });

  it("labels and enum values follow the requesting user's saved language", async () => {
    await setLanguage('agent', 'ru');
    const ru = await pdfText((await getPdf(t, who.agent!, byAgent.studentCourseIds[0]!)).rawPayload);
    for (const label of [
      'Личные данные',
      'Родитель или опекун',
      'Женский',
      'Узбекистан',
      'Другое',
      'Qoʻshni',
      'По настоящее время',
    ])
      expect(ru).toContain(label);
    expect(ru).toContain('Гулнора');
    await setLanguage('student', 'uz');
    const uz = await pdfText((await getPdf(t, who.student!, ownByStudent.studentCourseIds[0]!)).rawPayload);
    for (const label of [
      'Shaxsiy maʼlumotlar',
      'Ota-ona/vasiy',
      'Oʻzbekiston',
      'Boshqa',
      'Qoʻshni',
      'Hozirgacha',
    ])
      expect(uz).toContain(label);
    for (const name of ['Ботир', 'Рустамович', 'Тухтаев']) expect(uz).toContain(name);
    expect(uz).not.toContain('Personal Information');
  });

  it('dates and money read as the shared formatter writes them in each language (issue 18 item 8)', async () => {
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    await setLanguage('admin', 'en');
    const en = spaced(await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload));
    expect(en).toContain('12,000 MYR');
    expect(en).toContain('17 May 2001');
    await setLanguage('agent', 'ru');
    const ru = spaced(await pdfText((await getPdf(t, who.agent!, byAgent.studentCourseIds[0]!)).rawPayload));
    expect(ru).toContain('12 000 MYR');
    expect(ru).toContain('17 мая 2001 г.');
    await setLanguage('admin', 'uz');
    const uz = spaced(await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload));
    expect(uz).toContain('12 000 MYR');
    expect(uz).toContain('17-may, 2001');
    expect(uz).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('the personal statement (issue 19)', () => {
  it("is shown under its label in the reader's language, drawn from the shared description", async () => {
    const expectations = { en: 'Personal Statement', ru: 'Мотивационное письмо', uz: 'Shaxsiy bayonot' };
    for (const [language, label] of Object.entries(expectations) as ['en' | 'ru' | 'uz', string][]) {
      await setLanguage('admin', language);
      const text = await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload);
      expect(text).toContain(label);
      expect(text).toContain('Men koʻpriklar quraman.');
      expect(text).toContain('Я хочу строить мосты.');
    }
    // A student who wrote none: the label, with the empty mark.
    await setLanguage('student', 'en');
    const none = await pdfText((await getPdf(t, who.student!, ownByStudent.studentCourseIds[0]!)).rawPayload);
    expect(none).toMatch(/Personal Statement\s*\n\s*—/);
  });
});

describe('the referees (issue 21 item 4)', () => {
  it("are shown under their title in the reader's language, each with its four fields", async () => {
    const titles = { en: 'Referees', ru: 'Рекомендатели', uz: 'Tavsiya beruvchilar' };
    for (const [language, title] of Object.entries(titles) as ['en' | 'ru' | 'uz', string][]) {
      await setLanguage('admin', language);
      const text = await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload);
      expect(text).toContain(title);
      for (const value of ['Гулчеҳра Раҳимова', 'Oʻlmas Gʻaniyev', 'rahimova@litsey.uz', 'Ilmiy rahbar'])
        expect(text).toContain(value);
      expect(text).toContain('Toshkent davlat texnika universiteti');
    }
    await setLanguage('admin', 'en');
    const en = await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload);
    for (const label of ['Full Name', 'Relationship to Applicant', 'Email', 'Institution'])
      expect(en.slice(en.indexOf('Referees'))).toContain(label);
    // None named: the title with the list's empty text.
    const none = await pdfText((await getPdf(t, who.admin!, ownByStudent.studentCourseIds[0]!)).rawPayload);
    expect(none).toMatch(/Referees\s*\n\s*None/);
  });

  it("are in the admin's application record", async () => {
    const form = await as.admin!.get(`/ApplicationForm/${byAgent.studentCourseIds[0]}`);
    expect(form.status).toBe(200);
    expect((form.body as { referees: { fullName: string }[] }).referees.map((r) => r.fullName)).toEqual([
      'Гулчеҳра Раҳимова',
      'Oʻlmas Gʻaniyev',
    ]);
  });
});

describe('a bad passport photo', () => {
  it('is left out with a note: a corrupt JPEG and a PDF in the photo slot both still give the PDF', async () => {
    await setLanguage('agent', 'en');
    for (const [marker, photo] of [
      ['Buzuq', { filename: 'surat.jpg', data: jpegFile().subarray(0, 60), type: 'image/jpeg' }],
      ['Hujjat', { filename: 'surat.pdf', data: pdfFile(), type: 'application/pdf' }],
    ] as const) {
      const built = await buildSubmittedApplication(t, as.agent!, who.agent!, {
        ...A,
        student: { ...A.student, firstName: marker, email: `${marker.toLowerCase()}@mail.test` },
        universityCourseIds: [cat.universityCourseId],
        photo,
      });
      const res = await getPdf(t, who.agent!, built.studentCourseIds[0]!);
      expect([marker, res.statusCode]).toEqual([marker, 200]);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(marker);
      expect(text.replace(/\s+/g, ' ')).toContain(
        'The passport photo could not be shown: it is not a readable JPG or PNG image.',
      );
      expect(await pdfImagePages(res.rawPayload)).toEqual([]);
    }
  });

  it('a valid JPEG is embedded', async () => {
    const built = await buildSubmittedApplication(t, as.agent!, who.agent!, {
      ...A,
      student: { ...A.student, firstName: 'Jpeg', email: 'jpeg.pdf@mail.test' },
      universityCourseIds: [cat.universityCourseId],
      photo: { filename: 'surat.jpg', data: jpegFile(), type: 'image/jpeg' },
    });
    const res = await getPdf(t, who.agent!, built.studentCourseIds[0]!);
    expect(await pdfImagePages(res.rawPayload)).toEqual([1]);
  });
});

describe('SECURITY 31: off the main thread', () => {
  it('the event loop stays responsive while PDFs render', async () => {
    const id = byAgent.studentCourseIds[0]!;
    await getPdf(t, who.admin!, id); // the workers are started
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 8 }, () => getPdf(t, who.admin!, id)));
    const elapsed = performance.now() - started;
    histogram.disable();
    expect(results.map((r) => r.statusCode)).toEqual(new Array(8).fill(200));
    const p99 = histogram.percentile(99) / 1e6;
    const max = histogram.max / 1e6;
    console.log(
      `8 PDFs in ${elapsed.toFixed(0)} ms; event loop delay p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    // Loose for this shared machine (17 ms measured at load 12, 110 ms at load 14); one form
    // rendered on the main thread blocks it for its whole render (150 ms of CPU, seconds under that
    // load), and eight of them would hold it for most of the burst.
    expect(p99).toBeLessThan(250);
  });
});

describe('document types (issue 20 item 3)', () => {
  it("the PDF names the fixed types in the reader's language and an admin's type by its stored name", async () => {
    const added = await as.admin!.post('/DocumentType/add', { name: 'Bank statement' });
    expect(added.status).toBe(200);
    await upload(
      t,
      who.agent!,
      '/Document/upload',
      { studentId: String(byAgent.studentId), DocumentTypeId: String((added.body as { id: number }).id) },
      { filename: 'bank.pdf', data: pdfFile(), type: 'application/pdf' },
    );
    await setLanguage('agent', 'uz');
    const text = await pdfText((await getPdf(t, who.agent!, byAgent.studentCourseIds[0]!)).rawPayload);
    for (const name of ['Pasport uchun surat', 'Pasport nusxasi', 'Rezyume', 'Bank statement'])
      expect(text).toContain(name);
    expect(text).not.toContain('Passport Copy');
  });
});

describe('the intake applied to (issue 21 item 4)', () => {
  it('shows its start and its deadline in Malaysia’s and Tashkent’s time, each zone named', async () => {
    // An intake of the course; the agent's student's application is for it (the save of lane
    // intakeapply21 sets it; here the row is written directly).
    const [intake] = await t.database.db
      .insert(intakes)
      .values({
        universityCourseId: cat.universityCourseId,
        startDate: '2027-05-03',
        applicationDeadline: '2027-03-01T15:59:00Z',
        acceptanceDeadline: '2027-06-01T00:00:00Z',
      })
      .returning({ id: intakes.id });
    await t.database.db
      .update(studentCourses)
      .set({ intakeId: intake!.id })
      .where(eq(studentCourses.id, byAgent.studentCourseIds[0]!));
    await setLanguage('admin', 'uz');
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    const uz = spaced(await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload));
    expect(uz).toContain('Oʻqish boshlanishi');
    expect(uz).toContain('3-may, 2027');
    expect(uz).toContain('Ariza berish muddati');
    expect(uz).toContain('1-mart, 2027, 23:59 (Kuala-Lumpur vaqti)');
    expect(uz).toContain('1-mart, 2027, 20:59 (Toshkent vaqti)');
    await setLanguage('admin', 'en');
    const en = spaced(await pdfText((await getPdf(t, who.admin!, byAgent.studentCourseIds[0]!)).rawPayload));
    expect(en).toContain('1 Mar 2027, 23:59 (Kuala Lumpur time)');
    expect(en).toContain('1 Mar 2027, 20:59 (Tashkent time)');
    // In the one course section at the top (the application's own course), not a list of every
    // course the student chose.
    expect(en).not.toContain('Course Selection');
    expect(en.indexOf('Tashkent time')).toBeLessThan(en.indexOf('Personal Information'));
    // A course without intakes shows none of it.
    const other = await pdfText((await getPdf(t, who.admin!, ownByStudent.studentCourseIds[0]!)).rawPayload);
    expect(other).not.toContain('Application deadline');
  });
});
