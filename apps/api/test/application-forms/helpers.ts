import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../app.js';
import { multipart } from '../documents/helpers.js';
import { pdfFile, pngFile } from '../documents/samples.js';
import type { TClient, TWho } from '../resources/helpers.js';

/** An app with its own FILES_DIR and the reference data (document types), with `env` added. */
export async function createPdfApp(env: Record<string, string> = {}): Promise<TestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-files-'));
  const t = await createTestApp({ FILES_DIR: filesDir, ...env });
  await seedReferenceData(t.database.db);
  return {
    ...t,
    close: async () => {
      await t.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

// A whole application built through the API the way the wizard saves it, with the student's own
// names (Cyrillic, Uzbek Latin with U+02BB), then confirmed; and the PDF fetched and read back.

export type TNames = { firstName: string; middleName: string | null; lastName: string };
export type TFile = { filename: string; data: Buffer; type?: string };

const ok = <T = Record<string, unknown>>(
  res: { status: number; body: unknown; text: string },
  what: string,
) => {
  if (res.status !== 200) throw new Error(`${what}: expected 200, got ${res.status} ${res.text}`);
  return res.body as T;
};

export async function upload(
  t: TestApp,
  who: TWho,
  url: string,
  fields: Record<string, string>,
  file: TFile,
) {
  const { payload, headers } = multipart([
    { name: 'file', filename: file.filename, data: file.data, type: file.type ?? 'application/octet-stream' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { ...who!.headers, ...headers },
  });
  if (res.statusCode !== 200) throw new Error(`upload ${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as { fileId: string; fileName: string };
}

export type TBuilt = { studentId: number; studentCourseIds: number[] };

/**
 * Saves every step as `c` (a student for their own profile, an agent or admin for a new student)
 * and confirms. `photo` goes into the Passport Photo slot (document type 1).
 */
export async function buildSubmittedApplication(
  t: TestApp,
  c: TClient,
  who: TWho,
  o: {
    student: TNames & { email: string };
    guardian: TNames;
    exam: string;
    institution: string;
    universityCourseIds: number[];
    photo?: TFile;
    /** Step 8's personal statement (issue 19). */
    personalStatement?: string;
    /** Step 8's referees (issue 21 item 4). */
    referees?: { fullName: string; relationship: string; email: string; institution: string }[];
  },
): Promise<TBuilt> {
  const { id } = ok<{ id: number }>(
    await c.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', {
      ...o.student,
      passportSeries: 'AB',
      passportNumber: '1234567',
      gender: 1,
      dateOfBirth: '2001-05-17',
      address: 'Amir Temur koʻchasi 7',
      city: 'Toshkent',
      postCode: '100000',
      race: 'Oʻzbek',
      phoneNumber: '+998901234567',
      country: 0,
    }),
    'personal',
  );
  ok(
    await c.post(`/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`, {
      studentId: id,
      ...o.guardian,
      relationship: 0,
      occupation: 'Oʻqituvchi',
      phoneNumber: '+998901234568',
      email: `guardian.${id}@mail.test`,
      address: 'Navoiy koʻchasi 2',
    }),
    'guardian',
  );
  ok(
    await c.post(`/EmergencyContact/CreateOrUpdate?stage=4&studentId=${id}`, {
      studentId: id,
      firstName: 'Dilnoza',
      lastName: 'Yoʻldosheva',
      relationship: 3,
      others: 'Qoʻshni',
      phoneNumber: '+998901234569',
    }),
    'emergency',
  );
  const scan = { filename: 'diplom.pdf', data: pdfFile(), type: 'application/pdf' };
  const cert = await upload(
    t,
    who,
    '/Qualification/upload',
    { studentId: String(id) },
    { ...scan, filename: 'sertifikat.pdf' },
  );
  const transcript = await upload(
    t,
    who,
    '/Qualification/upload',
    { studentId: String(id) },
    { ...scan, filename: 'transkript.pdf' },
  );
  ok(
    await c.post('/Qualification/add', {
      studentId: id,
      qualificationType: 4,
      yearOfExam: 2022,
      nameOfExamination: o.exam,
      nameOfInstitution: o.institution,
      result: 'A',
      certFileName: cert.fileId,
      transcriptFileName: transcript.fileId,
    }),
    'qualification',
  );
  const langCert = await upload(
    t,
    who,
    '/Language/upload',
    { studentId: String(id) },
    { ...scan, filename: 'ielts.pdf' },
  );
  ok(
    await c.post('/Language/add', {
      studentId: id,
      languageType: 1,
      result: '7.5',
      yearOfExam: 2023,
      certFileName: langCert.fileId,
    }),
    'language',
  );
  ok(
    await c.post('/Experience/add', {
      studentId: id,
      company: 'Artel',
      position: 'Stajyor',
      from: '2021-06-01',
      to: null,
    }),
    'experience',
  );
  const photo = o.photo ?? { filename: 'surat.png', data: pngFile(), type: 'image/png' };
  await upload(t, who, '/Document/upload', { studentId: String(id), DocumentTypeId: '1' }, photo);
  for (const [type, name] of [
    [2, 'pasport-nusxa.pdf'],
    [3, 'rezyume.pdf'],
  ] as const)
    await upload(
      t,
      who,
      '/Document/upload',
      { studentId: String(id), DocumentTypeId: String(type) },
      { ...scan, filename: name },
    );
  ok(
    await c.post(`/OtherInfo/CreateOrUpdate?stage=9&studentId=${id}`, {
      studentId: id,
      facebook: true,
      others: true,
      otherInfoDetails: 'Toshkentdagi koʻrgazma',
      personalStatement: o.personalStatement ?? null,
    }),
    'other information',
  );
  for (const referee of o.referees ?? [])
    ok(await c.post('/Referee/add', { studentId: id, ...referee }), 'referee');
  ok(
    await c.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, o.universityCourseIds),
    'courses',
  );
  ok(await c.post('/Stage/confirm', { studentId: id }), 'confirm');
  const review = ok<{ courses: { id: number }[] }>(
    await c.get(`/Review/getReview?studentId=${id}`),
    'review',
  );
  return { studentId: id, studentCourseIds: review.courses.map((x) => x.id) };
}

export const pdfUrl = (studentCourseId: number | string) =>
  `/api/ApplicationForm/generate-application-form?studentCourseId=${studentCourseId}`;

export const getPdf = (t: TestApp, who: TWho, studentCourseId: number | string) =>
  t.app.inject({ url: pdfUrl(studentCourseId), headers: who?.headers ?? {} });

const run = promisify(execFile);

/** The PDF's text as poppler's pdftotext reads it (reading order, not layout). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-pdf-'));
  try {
    const file = path.join(dir, 'form.pdf');
    fs.writeFileSync(file, pdf);
    const { stdout } = await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The page of each image the PDF embeds (poppler's pdfimages -list). */
export async function pdfImagePages(pdf: Buffer): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-pdf-'));
  try {
    const file = path.join(dir, 'form.pdf');
    fs.writeFileSync(file, pdf);
    const { stdout } = await run('/usr/bin/pdfimages', ['-list', file]);
    return stdout
      .trim()
      .split('\n')
      .slice(2) // two header lines
      .map((line) => Number(line.trim().split(/\s+/)[0]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
