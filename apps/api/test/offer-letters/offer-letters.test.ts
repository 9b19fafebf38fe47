import { OFFER_LETTER_FIELDS } from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, offerConditions, offers } from '../../src/db/schema/index.js';
import { DEFAULT_LETTER_TEMPLATES } from '../../src/modules/offer-letters/defaults.js';
import { signInAs, type TestApp } from '../app.js';
import {
  buildSubmittedApplication,
  createPdfApp,
  pdfText,
  type TBuilt,
} from '../application-forms/helpers.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';

// Issue 22 item 3: the offer letter's templates (admins only, unknown fields named), the preview,
// and an application's letter: in the owning account's language, read back by poppler (Cyrillic,
// U+02BB, the answer-by instant in Kuala Lumpur's and Tashkent's time), stored as the student's
// file and made again when the terms change (the letter before released), downloadable by the
// applicant and admins only. The offer rows are written directly (lane offer22 builds the moves).

let t: TestApp;
const who: Record<string, TWho> = {};
const as: Record<string, TClient> = {};
let byAgent: TBuilt;
let own: TBuilt;
// 1 July 2027, 15:59 UTC: 23:59 in Kuala Lumpur, 20:59 in Tashkent.
const ANSWER_BY = '2027-07-01T15:59:00.000Z';

const letterUrl = (id: number | string) => `/api/ApplicationStatus/offerLetter?studentCourseId=${id}`;
const getLetter = (w: TWho, id: number | string) =>
  t.app.inject({ url: letterUrl(id), headers: w?.headers ?? {} });
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function makeOffer(studentCourseId: number, updatedAt = '2027-06-01T05:00:00.000Z') {
  const [offer] = await t.database.db
    .insert(offers)
    .values({
      studentCourseId,
      type: 'conditional',
      fees: 'RM 32 000',
      answerBy: ANSWER_BY,
      createdAt: updatedAt,
      updatedAt,
    })
    .returning();
  await t.database.db.insert(offerConditions).values([
    { offerId: offer!.id, position: 0, kind: 'englishTest', text: 'IELTS 6.0' },
    { offerId: offer!.id, position: 1, kind: 'finalCertificate', state: 'met' },
  ]);
  return offer!;
}

beforeAll(async () => {
  t = await createPdfApp({ PDF_QUEUE_WAIT_MS: '30000' });
  for (const [name, role] of [
    ['admin', 'Admin'],
    ['agent', 'Agent'],
    ['student', 'Student'],
    ['otherAgent', 'Agent'],
  ] as const) {
    who[name] = await signInAs(t, `letter.${name.toLowerCase()}@letters.test`, role);
    as[name] = client(t, who[name]!);
  }
  who.anonymous = null;
  as.anonymous = client(t, null);
  expect((await as.agent!.put('/auth/me/language', { language: 'uz' })).status).toBe(204);
  expect((await as.student!.put('/auth/me/language', { language: 'ru' })).status).toBe(204);
  const cat = await seedCatalogue(as.admin!, 'Letter');
  byAgent = await buildSubmittedApplication(t, as.agent!, who.agent!, {
    student: {
      firstName: 'Гулнора',
      middleName: 'Oʻtkirovna',
      lastName: 'Qoʻchqorova',
      email: 'g@letters.test',
    },
    guardian: { firstName: 'Шавкат', middleName: null, lastName: 'Gʻofurov' },
    exam: 'Final',
    institution: 'Litsey',
    universityCourseIds: [cat.universityCourseId],
  });
  own = await buildSubmittedApplication(t, as.student!, who.student!, {
    student: { firstName: 'Dilshod', middleName: null, lastName: 'Toʻxtayev', email: 'd@letters.test' },
    guardian: { firstName: 'Ботир', middleName: null, lastName: 'Тухтаев' },
    exam: 'Final',
    institution: 'Litsey',
    universityCourseIds: [cat.universityCourseId],
  });
  await makeOffer(byAgent.studentCourseIds[0]!);
}, 120_000);
afterAll(() => t?.close());

describe('the templates: admins only', () => {
  it('lists the built-in text of each language never saved; students and agents 403, anonymous 401', async () => {
    const res = await as.admin!.get('/OfferLetterTemplate');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      (['uz', 'en', 'ru'] as const).map((language) => ({
        language,
        body: DEFAULT_LETTER_TEMPLATES[language],
        updatedAt: null,
      })),
    );
    const body = { language: 'en', body: 'Hello {{applicantName}}' };
    for (const name of ['student', 'agent'] as const) {
      expect((await as[name]!.get('/OfferLetterTemplate')).status).toBe(403);
      expect((await as[name]!.put('/OfferLetterTemplate', body)).status).toBe(403);
      expect((await as[name]!.post('/OfferLetterTemplate/preview', body)).status).toBe(403);
    }
    expect((await as.anonymous!.get('/OfferLetterTemplate')).status).toBe(401);
  });

  it('the built-in texts name only letter fields, each language all of them but passport and intake alike', () => {
    for (const body of Object.values(DEFAULT_LETTER_TEMPLATES)) {
      const named = [...body.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      expect(new Set(named)).toEqual(new Set(OFFER_LETTER_FIELDS));
    }
    expect(DEFAULT_LETTER_TEMPLATES.uz).not.toMatch(/['`]/);
  });

  it('saves a language, refuses unknown fields by name, and previews a template as a PDF', async () => {
    const bad = await as.admin!.put('/OfferLetterTemplate', {
      language: 'en',
      body: 'Dear {{applicantName}} {{name}}, {{ fee }} {{name}}',
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        path: 'body',
        code: 'unknownPlaceholder',
        params: { fields: '{{name}}, {{fee}}' },
      }),
    ]);
    const badPreview = await as.admin!.post('/OfferLetterTemplate/preview', {
      language: 'en',
      body: '{{x}}',
    });
    expect(badPreview.status).toBe(400);
    expect((await as.admin!.put('/OfferLetterTemplate', { language: 'en', body: '  ' })).status).toBe(400);

    const saved = await as.admin!.put('/OfferLetterTemplate', {
      language: 'en',
      body: 'Offer\n\nDear {{applicantName}},\n\nAnswer by {{answerByUniversity}}.',
    });
    expect(saved.status).toBe(200);
    const list = (await as.admin!.get('/OfferLetterTemplate')).body as {
      language: string;
      updatedAt: string | null;
    }[];
    expect(list.find((x) => x.language === 'en')).toMatchObject({
      body: 'Offer\n\nDear {{applicantName}},\n\nAnswer by {{answerByUniversity}}.',
      updatedAt: expect.any(String),
    });
    expect(list.find((x) => x.language === 'uz')!.updatedAt).toBeNull();

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/OfferLetterTemplate/preview',
      headers: who.admin!.headers,
      payload: { language: 'uz', body: DEFAULT_LETTER_TEMPLATES.uz },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const text = flat(await pdfText(preview.rawPayload));
    expect(text).toContain('Hurmatli Gulnora Oʻtkirovna Qoʻchqorova!');
    expect(text).toContain('(Kuala-Lumpur vaqti)');
    expect(text).toContain('(Toshkent vaqti)');
    expect(text).not.toContain('{{');
  });
});

describe("an application's letter", () => {
  it('the applicant (owning agent) and admins; another owner, a student of another, and no offer: 404', async () => {
    const agents = byAgent.studentCourseIds[0]!;
    const missing = await getLetter(who.admin!, 999_999);
    expect(missing.statusCode).toBe(404);
    const expected: [string, number, number][] = [
      ['admin', agents, 200],
      ['agent', agents, 200],
      ['otherAgent', agents, 404],
      ['student', agents, 404],
      ['student', own.studentCourseIds[0]!, 404], // own application, but no offer yet
      ['anonymous', agents, 401],
    ];
    for (const [name, id, status] of expected) {
      const res = await getLetter(who[name]!, id);
      expect([name, res.statusCode]).toEqual([name, status]);
      if (status === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (status === 404) expect(res.json()).toMatchObject({ status: 404 });
    }
  });

  it("is in the owning account's language: Cyrillic, ʻ and the answer-by instant in both zones", async () => {
    const res = await getLetter(who.agent!, byAgent.studentCourseIds[0]!);
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = flat(await pdfText(res.rawPayload));
    expect(text).toContain('Qabul haqida taklifnoma');
    expect(text).toContain('Hurmatli Гулнора Oʻtkirovna Qoʻchqorova!');
    expect(text).toContain('Pasport raqami: AB 1234567');
    expect(text).toContain('Oʻqish toʻlovi: RM 32 000');
    expect(text).toContain('Taklif turi: Shartli taklif');
    expect(text).toContain('• Ingliz tili imtihoni: IELTS 6.0');
    expect(text).toContain('• Maktabni bitirganlik shahodatnomasi (bajarilgan)');
    expect(text).toContain('1-iyul, 2027, 23:59 (Kuala-Lumpur vaqti)');
    expect(text).toContain('1-iyul, 2027, 20:59 (Toshkent vaqti)');
  });

  it("a student's own letter is in the student's language (Russian)", async () => {
    const id = own.studentCourseIds[0]!;
    await makeOffer(id);
    const res = await getLetter(who.student!, id);
    expect(res.statusCode).toBe(200);
    const text = flat(await pdfText(res.rawPayload));
    expect(text).toContain('Предложение о зачислении');
    expect(text).toContain('Уважаемый(-ая) Dilshod Toʻxtayev!');
    expect(text).toContain('1 июля 2027 г., 23:59 (время Куала-Лумпура)');
    expect(text).toContain('1 июля 2027 г., 20:59 (время Ташкента)');
  });

  it('is stored as the student file, kept while current, made again after the terms change (the old one released)', async () => {
    const id = byAgent.studentCourseIds[0]!;
    const offerRow = async () =>
      (await t.database.db.select().from(offers).where(eq(offers.studentCourseId, id)))[0]!;
    const first = (await offerRow()).letterFileId;
    expect(first).not.toBeNull();
    const [file] = await t.database.db.select().from(files).where(eq(files.id, first!));
    expect(file).toMatchObject({ studentId: byAgent.studentId, contentType: 'application/pdf' });

    const again = await getLetter(who.admin!, id);
    expect(again.statusCode).toBe(200);
    expect((await offerRow()).letterFileId).toBe(first);

    await t.database.db
      .update(offers)
      .set({ fees: 'RM 40 000', updatedAt: '2099-01-01T00:00:00.000Z' })
      .where(eq(offers.studentCourseId, id));
    const changed = await getLetter(who.agent!, id);
    expect(flat(await pdfText(changed.rawPayload))).toContain('Oʻqish toʻlovi: RM 40 000');
    const second = (await offerRow()).letterFileId;
    expect(second).not.toBe(first);
    expect(await t.database.db.select().from(files).where(eq(files.id, first!))).toEqual([]);
  });
});
