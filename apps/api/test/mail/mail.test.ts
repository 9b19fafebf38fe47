// @both-databases: the mail queue across two API processes (SKIP LOCKED)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatDate, formatDateTime, intakeStartInstant } from '@uniapply/shared';
import { eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { intakes, mailJobs } from '../../src/db/schema/index.js';
import { enqueueMail, type TMailRequest } from '../../src/modules/mail/index.js';
import { createMailTransport } from '../../src/modules/mail/transport.js';
import { MailWorker } from '../../src/modules/mail/worker.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { forceStatus, stateOf, submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { testDbKind } from '../db.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, studentInfoBody, universityCourseBody } from '../resources/helpers.js';
import { startSmtp, type TSmtp } from './smtp.js';

// Issue 12 item 4: status mails in the recipient's language, through the durable queue, against a
// real SMTP server started here (smtp-server, parsed with mailparser).

let smtp: TSmtp;
let t: TestApp;
let dist: string;
const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 30_000;

beforeAll(async () => {
  smtp = await startSmtp();
  dist = mkdtempSync(path.join(os.tmpdir(), 'uniapply-mail-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>UniApply</title><div id="root"></div>');
  // With files and the four document types: the confirm test below fills an application in.
  t = await createDocsApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'UniApply <no-reply@uniapply.test>',
    MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
    WEB_DIST: dist,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  rmSync(dist, { recursive: true, force: true });
});

let seq = 0;
/** A unique marker per test (lanes and runs share the PostgreSQL server). */
const unique = (name: string) => `${name}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A signed-in account with its saved interface language. */
async function account(role: 'Student' | 'Agent' | 'Admin', language: 'uz' | 'ru' | 'en', name: string) {
  const email = `${unique(name)}@example.test`;
  const who = await signInAs(t, email, role);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/me/language',
    headers: { ...who.headers, origin: t.baseUrl },
    payload: { language },
  });
  expect(res.statusCode).toBe(204);
  return { ...who, email };
}

/** A profile created by `who` as the wizard does (its own email is `<marker>@mail.test`). */
async function profileOf(who: { headers: { cookie: string } }, marker: string) {
  const res = await client(t, who).post(
    '/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
    studentInfoBody(marker),
  );
  expect(res.status).toBe(200);
  return (res.body as { id: number }).id;
}

const application = { university: 'Universiti Malaya', course: 'Computer Science' };

/** Enqueues in a transaction of its own, as the status pipeline does inside its change. */
const enqueue = (request: TMailRequest) => t.database.db.transaction((tx) => enqueueMail(tx, request));
const jobsOf = (studentId: number) =>
  t.database.db.select().from(mailJobs).where(eq(mailJobs.studentId, studentId)).orderBy(mailJobs.id);
const links = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

describe('the student hears in their saved language', () => {
  it('an Uzbek student gets the status change in Uzbek, with working links to the portal', async () => {
    const student = await account('Student', 'uz', 'aziza');
    const id = await profileOf(student, unique('Aziza'));
    const queued = await enqueue({
      kind: 'statusChanged',
      studentId: id,
      params: {
        ...application,
        from: 'submitted',
        to: 'underReview',
        message: 'Hujjatlar <tekshirilmoqda> & tez orada',
      },
    });
    expect(queued).toBe(1);
    expect(await t.app.mailWorker.drain()).toMatchObject({ sent: 1, failed: 0, retried: 0 });

    const [mail] = smtp.to(student.email);
    expect(smtp.to(student.email)).toHaveLength(1);
    expect(mail!.subject).toBe('Ariza holati: Computer Science, Universiti Malaya: Koʻrib chiqilmoqda');
    expect(mail!.text).toContain('Assalomu alaykum');
    expect(mail!.text).toContain('holati oʻzgardi: «Yuborildi» → «Koʻrib chiqilmoqda»');
    expect(mail!.text).toContain('Hujjatlar <tekshirilmoqda> & tez orada');
    expect(mail!.headers.get('content-language')).toBe('uz');
    expect(mail!.from?.text).toContain('no-reply@uniapply.test');
    // User text is escaped in the HTML part.
    expect(mail!.html).toContain('Hujjatlar &lt;tekshirilmoqda&gt; &amp; tez orada');
    expect(mail!.html).not.toContain('<tekshirilmoqda>');

    const [portal, unsubscribe] = links(mail!.text as string);
    expect(portal).toBe(`${t.baseUrl}/Student/Dashboard`);
    expect(unsubscribe).toBe(`${t.baseUrl}/Student/Profile`);
    for (const link of [portal!, unsubscribe!]) {
      const res = await fetch(link);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({
      status: 'sent',
      attempts: 1,
      audience: 'student',
      language: 'uz',
      lastError: null,
    });
  });

  it('a Russian student gets the received mail in Russian (staff in touch within 48 hours)', async () => {
    const student = await account('Student', 'ru', 'boris');
    const id = await profileOf(student, unique('Boris'));
    await enqueue({ kind: 'received', studentId: id, params: application });
    await t.app.mailWorker.drain();
    const mails = smtp.to(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Заявка получена: Computer Science, Universiti Malaya');
    expect(mails[0]!.text).toContain('Ваша заявка на курс Computer Science в Universiti Malaya получена.');
    expect(mails[0]!.text).toContain('в течение 48 часов');
  });

  it('labels the later statuses of the Malaysian pipeline', async () => {
    const student = await account('Student', 'en', 'chen');
    const id = await profileOf(student, unique('Chen'));
    await enqueue({
      kind: 'statusChanged',
      studentId: id,
      params: { ...application, from: 'depositPaid', to: 'passFiled' },
    });
    await enqueue({
      kind: 'statusChanged',
      studentId: id,
      params: { ...application, from: 'passFiled', to: 'evalIssued' },
    });
    await t.app.mailWorker.drain();
    const texts = smtp.to(student.email).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('from "Tuition deposit paid" to "Student-pass application filed (EMGS)"');
    expect(texts[1]).toContain('to "Visa approval letter (eVAL) issued"');
  });
});

describe('a profile an agent created', () => {
  it("mails the profile's email in the agent's language, and a copy to the agent", async () => {
    const agent = await account('Agent', 'ru', 'agent');
    const marker = unique('Dilnoza');
    const id = await profileOf(agent, marker);
    const queued = await enqueue({
      kind: 'documentsRequested',
      studentId: id,
      params: { ...application, items: ['Passport <scan>', 'IELTS certificate'] },
    });
    expect(queued).toBe(2);
    await t.app.mailWorker.drain();

    const [own] = smtp.to(`${marker.toLowerCase()}@mail.test`);
    expect(own!.subject).toBe('Запрошены документы: Computer Science, Universiti Malaya');
    expect(own!.text).toContain(`Здравствуйте, ${marker}!`);
    expect(own!.text).toContain('- Passport <scan>\n- IELTS certificate');
    expect(own!.html).toContain('<li>Passport &lt;scan&gt;</li>');
    // No account of its own: a link to the portal, and no profile page to visit.
    expect(links(own!.text as string)).toEqual([`${t.baseUrl}/`]);

    const copies = smtp.to(agent.email);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.text).toContain(`вашего студента ${marker} Tester`);
    expect(links(copies[0]!.text as string)).toEqual([
      `${t.baseUrl}/Agent/Students`,
      `${t.baseUrl}/Agent/Profile`,
    ]);
    expect((await jobsOf(id)).map((j) => [j.audience, j.language])).toEqual([
      ['profile', 'ru'],
      ['agent', 'ru'],
    ]);
  });
});

describe('document types in a documents request (issue 20 item 3)', () => {
  it("names a fixed type in the recipient's language, an admin's type and a text as given", async () => {
    const agent = await account('Agent', 'ru', 'agent');
    const marker = unique('Malika');
    const id = await profileOf(agent, marker);
    await enqueue({
      kind: 'documentsRequested',
      studentId: id,
      params: {
        ...application,
        items: [
          { documentTypeId: 2, name: 'Passport Copy' },
          { documentTypeId: 7, name: 'Bank statement' },
          'Sponsor letter',
        ],
      },
    });
    await t.app.mailWorker.drain();
    const [own] = smtp.to(`${marker.toLowerCase()}@mail.test`);
    expect(own!.text).toContain('- Копия паспорта\n- Bank statement\n- Sponsor letter');
    expect(own!.text).not.toContain('Passport Copy');
  });
});

describe('one event, one mail per recipient (issue 20 item 6)', () => {
  it('a confirm of two courses sends one mail naming both; a documents request one mail with the list', async () => {
    const admin = client(t, await signInAs(t, `${unique('event.admin')}@example.test`, 'Admin'));
    const tag = unique('Evt');
    const cat = await seedCatalogue(admin, tag);
    const second = ok<{ id: number }>(
      await admin.post(
        '/UniversityCourse/AddUniversityCourse',
        universityCourseBody(cat.universityId, cat.courseId, 9000),
      ),
    ).id;
    const student = await account('Student', 'en', 'twocourses');
    const mine = await submitted(t, client(t, student), student, unique('Two'), [
      cat.universityCourseId,
      second,
    ]);
    expect(mine.applications).toHaveLength(2);
    await t.app.mailWorker.drain();
    const received = smtp.to(student.email);
    expect(received).toHaveLength(1);
    const [course, university] = [`${tag} Software`, `${tag} University`];
    expect(received[0]!.subject).toBe(`Applications received: ${course}, ${university} and 1 more`);
    expect(received[0]!.text).toContain(
      `We have received your applications for these courses:\n\n- ${course}, ${university}\n- ${course}, ${university}`,
    );
    expect(received[0]!.text).toContain('within 48 hours');

    // A move to Documents requested: one mail, with the list and the staff's message.
    const id = mine.applications[0]!;
    await forceStatus(t, id, 'underReview');
    const state = await stateOf(admin, id);
    ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: id,
        to: 'documentsRequested',
        version: state.version,
        message: 'Before Friday, please.',
        requests: [{ documentTypeId: 2 }, { text: 'Bank statement' }],
      }),
    );
    await t.app.mailWorker.drain();
    const asked = smtp.to(student.email).slice(1);
    expect(asked.map((m) => m.subject)).toEqual([`Documents requested: ${course}, ${university}`]);
    expect(asked[0]!.text).toMatch(
      /\n- .+\n- Bank statement\n\nMessage from our staff:\n\nBefore Friday, please\./,
    );
  });
});

describe('issue 22 left: changed terms, a deferral, conditions not met', () => {
  it('an Uzbek student gets each in Uzbek, naming the answer-by date, the intakes and the conditions', async () => {
    const admin = client(t, await signInAs(t, `${unique('terms.admin')}@example.test`, 'Admin'));
    const tag = unique('Trm');
    const cat = await seedCatalogue(admin, tag);
    const intake = async (startDate: string) =>
      (
        await t.database.db
          .insert(intakes)
          .values({
            universityCourseId: cat.universityCourseId,
            startDate,
            applicationDeadline: `${startDate.slice(0, 4)}-01-01T00:00:00.000Z`,
            acceptanceDeadline: `${startDate.slice(0, 4)}-02-01T00:00:00.000Z`,
          })
          .returning({ id: intakes.id })
      )[0]!.id;
    const march = await intake('2040-03-01');
    const student = await account('Student', 'uz', 'terms');
    const mine = await submitted(t, client(t, student), student, unique('Terms'), [
      { universityCourseId: cat.universityCourseId, intakeId: march },
    ]);
    const id = mine.applications[0]!;
    const july = await intake('2040-07-01');
    await t.app.mailWorker.drain();
    const seen = smtp.to(student.email).length;
    const move = async (path: string, body: Record<string, unknown>) =>
      ok(
        await admin.post(`/ApplicationStatus/${path}`, {
          studentCourseId: id,
          version: (await stateOf(admin, id)).version,
          ...body,
        }),
      );
    await move('move', { to: 'underReview' });
    await move('move', {
      to: 'conditionalOffer',
      offer: { conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }] },
    });
    await t.app.mailWorker.drain();
    const answerBy = '2040-02-20T09:00:00.000Z';
    await move('offerTerms', {
      answerBy,
      conditions: [{ kind: 'englishTest', text: 'IELTS 6.5' }, { kind: 'transcript' }],
    });
    await move('defer', { intakeId: july, message: 'Vizangiz kechikdi' });
    await forceStatus(t, id, 'offerAccepted');
    await move('move', { to: 'conditionsNotMet' });
    await t.app.mailWorker.drain();
    const [terms, deferred, notMet] = smtp.to(student.email).slice(seen + 2);
    const course = `${tag} Software`;
    expect(terms!.subject).toBe(`Taklif shartlari oʻzgardi: ${course}, ${tag} University`);
    expect(terms!.text).toContain(
      `- ${formatDateTime(answerBy, 'uz', 'Asia/Kuala_Lumpur')} (Kuala-Lumpur vaqti)`,
    );
    expect(terms!.text).toContain(`- ${formatDateTime(answerBy, 'uz', 'Asia/Tashkent')} (Toshkent vaqti)`);
    expect(terms!.text).toContain('- Ingliz tili imtihoni: IELTS 6.5\n- Baholar varaqasi');
    expect(deferred!.subject).toBe(`Ariza keyingi qabulga koʻchirildi: ${course}, ${tag} University`);
    expect(deferred!.text).toContain(formatDate(intakeStartInstant('2040-03-01'), 'uz', 'Asia/Kuala_Lumpur'));
    expect(deferred!.text).toContain(formatDate(intakeStartInstant('2040-07-01'), 'uz', 'Asia/Kuala_Lumpur'));
    expect(deferred!.text).toContain('Vizangiz kechikdi');
    expect(notMet!.subject).toContain('Taklif shartlari bajarilmadi');
    expect(notMet!.text).toContain('- Ingliz tili imtihoni: IELTS 6.5\n- Baholar varaqasi');
    expect(smtp.to(student.email)).toHaveLength(seen + 5);
  });
});

describe('unsubscribing', () => {
  it('a user who turned status mails off gets none; turning them on again sends again', async () => {
    const student = await account('Student', 'en', 'dana');
    const id = await profileOf(student, unique('Dana'));
    const settings = (payload?: unknown) =>
      t.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/auth/me/mail-settings',
        headers: { ...student.headers, origin: t.baseUrl },
        ...(payload ? { payload: payload as object } : {}),
      });
    expect((await settings()).json()).toEqual({ statusMails: true });
    expect((await settings({ statusMails: false })).json()).toEqual({ statusMails: false });
    expect((await settings()).json()).toEqual({ statusMails: false });

    expect(await enqueue({ kind: 'received', studentId: id, params: application })).toBe(0);
    await t.app.mailWorker.drain();
    expect(smtp.to(student.email)).toHaveLength(0);
    expect(await jobsOf(id)).toHaveLength(0);

    await settings({ statusMails: true });
    expect(await enqueue({ kind: 'received', studentId: id, params: application })).toBe(1);
    await t.app.mailWorker.drain();
    expect(smtp.to(student.email)).toHaveLength(1);
  });

  it("an agent who turned them off stops both the profile's mail and the copy", async () => {
    const agent = await account('Agent', 'uz', 'erkin');
    const marker = unique('Farrux');
    const id = await profileOf(agent, marker);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/mail-settings',
      headers: { ...agent.headers, origin: t.baseUrl },
      payload: { statusMails: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await enqueue({ kind: 'received', studentId: id, params: application })).toBe(0);
    await t.app.mailWorker.drain();
    expect(smtp.to(agent.email)).toHaveLength(0);
    expect(smtp.to(`${marker.toLowerCase()}@mail.test`)).toHaveLength(0);
  });

  it('the settings need a session and a boolean', async () => {
    expect((await t.app.inject({ url: '/api/auth/me/mail-settings' })).statusCode).toBe(401);
    const who = await account('Student', 'en', 'gulya');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/mail-settings',
      headers: { ...who.headers, origin: t.baseUrl },
      payload: { statusMails: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the queue', () => {
  it('a rolled-back transaction queues nothing', async () => {
    const student = await account('Student', 'en', 'hasan');
    const id = await profileOf(student, unique('Hasan'));
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await enqueueMail(tx, { kind: 'received', studentId: id, params: application })).toBe(1);
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await jobsOf(id)).toHaveLength(0);
    await t.app.mailWorker.drain();
    expect(smtp.to(student.email)).toHaveLength(0);
  });

  it('refuses a request without its parameters, with an unknown status or for a missing student', async () => {
    await expect(
      enqueue({ kind: 'statusChanged', studentId: 1, params: application } as unknown as TMailRequest),
    ).rejects.toThrow();
    await expect(
      enqueue({
        kind: 'statusChanged',
        studentId: 1,
        params: { ...application, from: 'submitted', to: 'approved' },
      } as unknown as TMailRequest),
    ).rejects.toThrow();
    await expect(enqueue({ kind: 'received', studentId: 999_999_999, params: application })).rejects.toThrow(
      'not found',
    );
  });

  it('retries while the SMTP server is down and sends once when it is back, exactly once', async () => {
    const student = await account('Student', 'en', 'iroda');
    const id = await profileOf(student, unique('Iroda'));
    await smtp.stop();
    try {
      await enqueue({ kind: 'received', studentId: id, params: application });
      const start = new Date();
      expect(await t.app.mailWorker.drain(start)).toMatchObject({ sent: 0, retried: 1 });
      let [job] = await jobsOf(id);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      // nodemailer's code for a refused connection; never the server's text.
      expect(job!.lastError).toMatch(/^(ECONNREFUSED|ESOCKET|ECONNECTION)$/);
      expect(job!.nextAttemptAt.getTime()).toBe(start.getTime() + RETRY_BASE_MS);
      // Not due again before the backoff has passed.
      expect(await t.app.mailWorker.drain(new Date(start.getTime() + RETRY_BASE_MS - 1))).toMatchObject({
        sent: 0,
        retried: 0,
      });
      [job] = await jobsOf(id);
      expect(job!.attempts).toBe(1);
    } finally {
      await smtp.start();
    }
    const later = new Date(Date.now() + RETRY_BASE_MS);
    expect(await t.app.mailWorker.drain(later)).toMatchObject({ sent: 1 });
    expect(await t.app.mailWorker.drain(new Date(later.getTime() + 3600_000))).toMatchObject({ sent: 0 });
    expect(smtp.to(student.email)).toHaveLength(1);
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it("a job that keeps failing ends 'failed' after the last attempt, with an error code and no address", async () => {
    const student = await account('Student', 'en', 'jamshid');
    const id = await profileOf(student, unique('Jamshid'));
    smtp.state.refuse = true;
    try {
      await enqueue({ kind: 'received', studentId: id, params: application });
      let now = Date.now();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const result = await t.app.mailWorker.drain(new Date(now));
        expect(result).toMatchObject(attempt < MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 });
        now += RETRY_BASE_MS * 2 ** (attempt - 1);
      }
      expect(await t.app.mailWorker.drain(new Date(now + 86_400_000))).toMatchObject({
        sent: 0,
        failed: 0,
        retried: 0,
      });
    } finally {
      smtp.state.refuse = false;
    }
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(job!.lastError).toMatch(/^[A-Z_]+ 421$/);
    expect(job!.lastError).not.toContain('@');
    expect(smtp.to(student.email)).toHaveLength(0);

    // The admin Outbox lists it under the status filter 'failed', with its error.
    const admin = client(t, await signInAs(t, `${unique('outbox.admin')}@example.test`, 'Admin'));
    const page = await admin.post('/MailJob/getListByPage', {
      filter: {
        operator: 'AND',
        conditions: [
          { field: 'status', operator: 'EQ', value: 'failed' },
          { field: 'recipient', operator: 'EQ', value: student.email },
        ],
        groups: [],
      },
      page: 0,
      pageSize: 10,
    });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      totalRows: 1,
      result: [
        expect.objectContaining({
          id: job!.id,
          kind: 'received',
          recipient: student.email,
          subject: 'Application received: Computer Science, Universiti Malaya',
          status: 'failed',
          attempts: MAX_ATTEMPTS,
          lastError: job!.lastError,
          hasFile: false,
          createdAt: expect.any(String),
        }),
      ],
    });
    expect((await admin.get(`/MailJob/${job!.id}/eml`)).status).toBe(404);

    // Send again (the admin fixed the cause): fresh attempts, sent by the next drain, only once.
    const studentClient = client(t, student);
    expect((await studentClient.post(`/MailJob/${job!.id}/retry`)).status).toBe(403);
    expect((await admin.post(`/MailJob/${job!.id}/retry`)).status).toBe(204);
    expect((await admin.post(`/MailJob/${job!.id}/retry`)).status).toBe(409);
    expect((await admin.post('/MailJob/999999999/retry')).status).toBe(404);
    expect(await t.app.mailWorker.drain()).toMatchObject({ sent: 1 });
    expect(smtp.to(student.email)).toHaveLength(1);
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await admin.post(`/MailJob/${job!.id}/retry`)).status).toBe(409);
  });

  it('logs a failure with the job id, an error code and its reason: no address, no subject', async () => {
    const student = await account('Student', 'en', 'laziz');
    const id = await profileOf(student, unique('Laziz'));
    const lines: unknown[] = [];
    const log = {
      warn: (...a: unknown[]) => lines.push(a),
      error: (...a: unknown[]) => lines.push(a),
      info: () => {},
    };
    const worker = new MailWorker(t.database.db, createMailTransport(t.app.config.mail), t.app.config, log);
    smtp.state.refuse = true;
    try {
      await enqueue({
        kind: 'statusChanged',
        studentId: id,
        params: { ...application, from: 'submitted', to: 'rejected' },
      });
      expect(await worker.drain()).toMatchObject({ retried: 1 });
    } finally {
      smtp.state.refuse = false;
    }
    const [job] = await jobsOf(id);
    expect(lines).toEqual([
      [
        {
          mailJobId: job!.id,
          attempts: 1,
          err: job!.lastError,
          reason: expect.stringContaining('Service not available'),
        },
        'mail will be retried',
      ],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/@|Laziz|Malaya/);
    await worker.drain(new Date(Date.now() + RETRY_BASE_MS));
    expect(smtp.to(student.email)).toHaveLength(1);
  });

  it("a recipient the server rejects is logged with the server's reason, the address left out", async () => {
    const student = await account('Student', 'en', 'rejected');
    const id = await profileOf(student, unique('Rejectee'));
    const lines: unknown[] = [];
    const log = {
      warn: (...a: unknown[]) => lines.push(a),
      error: (...a: unknown[]) => lines.push(a),
      info: () => {},
    };
    const worker = new MailWorker(t.database.db, createMailTransport(t.app.config.mail), t.app.config, log);
    smtp.state.rejectRecipients = true;
    try {
      await enqueue({ kind: 'received', studentId: id, params: application });
      expect(await worker.drain()).toMatchObject({ retried: 1 });
    } finally {
      smtp.state.rejectRecipients = false;
    }
    const [[entry]] = lines as [[{ reason: string }]];
    expect(entry.reason).toContain('Recipient address rejected: User unknown');
    expect(JSON.stringify(lines)).not.toMatch(/@|Rejectee|example\.test|Malaya/);
    await worker.drain(new Date(Date.now() + RETRY_BASE_MS));
  });

  it('two drains at once send each job once', async () => {
    const student = await account('Student', 'en', 'kamol');
    const id = await profileOf(student, unique('Kamol'));
    for (let i = 0; i < 25; i++) await enqueue({ kind: 'received', studentId: id, params: application });
    const [a, b] = await Promise.all([t.app.mailWorker.drain(), t.app.mailWorker.drain()]);
    expect(a.sent + b.sent).toBe(25);
    expect(smtp.to(student.email)).toHaveLength(25);
  });
});

describe('the admin Outbox API', () => {
  it('is for admins only and read-only', async () => {
    const student = await account('Student', 'en', 'nodira');
    const agent = await account('Agent', 'en', 'olim');
    for (const who of [student, agent]) {
      const c = client(t, who);
      expect((await c.post('/MailJob/getListByPage', { page: 0, pageSize: 10 })).status).toBe(403);
      expect((await c.get('/MailJob/1')).status).toBe(403);
      expect((await c.get('/MailJob/1/eml')).status).toBe(403);
    }
    const anonymous = client(t, null);
    expect((await anonymous.post('/MailJob/getListByPage', { page: 0, pageSize: 10 })).status).toBe(401);
    expect((await anonymous.get('/MailJob/1/eml')).status).toBe(401);
    const admin = client(t, await signInAs(t, `${unique('ro.admin')}@example.test`, 'Admin'));
    for (const verb of ['add', 'update', 'delete', 'CreateOrUpdate']) {
      expect((await admin.post(`/MailJob/${verb}`, { id: 1 })).status).toBe(404);
    }
  });

  it('lists newest first (issue 20 item 6): the latest mail on page 1', async () => {
    const student = await account('Student', 'en', 'newest');
    const studentId = await profileOf(student, unique('newest'));
    for (let i = 0; i < 3; i++) await enqueue({ kind: 'received', studentId, params: application });
    const ids = (await jobsOf(studentId)).map((j) => j.id);
    const admin = client(t, await signInAs(t, `${unique('newest.admin')}@example.test`, 'Admin'));
    const page = await admin.post('/MailJob/getListByPage', {
      filter: {
        operator: 'AND',
        conditions: [{ field: 'recipient', operator: 'EQ', value: student.email }],
        groups: [],
      },
      page: 0,
      pageSize: 2,
    });
    expect(page.status).toBe(200);
    const listed = (page.body as { result: { id: number }[] }).result.map((r) => r.id);
    expect(listed).toEqual([ids[2], ids[1]]);
    await t.app.mailWorker.drain(); // sent, so no later test of the queue meets them
  });
});

describe('outbox mode (no SMTP_URL), with the worker loop running', () => {
  it('the loop writes a readable .eml under DATA_DIR/outbox without anyone draining', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uniapply-outbox-'));
    // The loop: the job runner polling, and the recurring mail job.
    const o = await createTestApp({
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      JOBS_POLL_MS: '100',
      MAIL_POLL_MS: '100',
    });
    try {
      const email = `${unique('lola')}@example.test`;
      const who = await signInAs(o, email, 'Student');
      const res = await client(o, who).post(
        '/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
        studentInfoBody(unique('Lola')),
      );
      const id = (res.body as { id: number }).id;
      await o.database.db.transaction((tx) =>
        enqueueMail(tx, { kind: 'received', studentId: id, params: application }),
      );
      const sentJob = async () => {
        const [row] = await o.database.db.select().from(mailJobs).where(eq(mailJobs.studentId, id));
        return row?.status === 'sent' ? row : undefined;
      };
      await vi.waitFor(async () => expect((await sentJob())?.status).toBe('sent'), {
        timeout: 10_000,
        interval: 100,
      });
      const job = await sentJob();
      expect(job!.outboxFile).toBe(`${job!.id}.eml`);
      const mail = await simpleParser(readFileSync(path.join(dataDir, 'outbox', job!.outboxFile!)));
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
      // A new account speaks Uzbek until it chooses (DEFAULT_LANGUAGE).
      expect(mail.subject).toBe('Ariza qabul qilindi: Computer Science, Universiti Malaya');
      expect(mail.text).toContain('Xodimlarimiz 48 soat ichida siz bilan bogʻlanadi.');
      expect(mail.text).toContain(`${o.baseUrl}/Student/Dashboard`);

      // The admin downloads the same file from the Outbox.
      const admin = await signInAs(o, `${unique('eml.admin')}@example.test`, 'Admin');
      const listed = await client(o, admin).get(`/MailJob/${job!.id}`);
      expect(listed.body).toMatchObject({ status: 'sent', hasFile: true });
      const eml = await o.app.inject({ url: `/api/MailJob/${job!.id}/eml`, headers: admin.headers });
      expect(eml.statusCode).toBe(200);
      expect(eml.headers['content-type']).toBe('message/rfc822');
      expect(eml.headers['content-disposition']).toBe(`attachment; filename="mail-${job!.id}.eml"`);
      expect((await simpleParser(eml.rawPayload)).subject).toBe(mail.subject);
    } finally {
      await o.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('two API processes on one PostgreSQL', () => {
  it('never send one job twice', async () => {
    const url = (t.database as { url?: string }).url!;
    const database = await openDatabase({ url, poolSize: 4 });
    const second = await buildApp({ config: t.app.config, database, logger: false });
    await second.ready();
    try {
      const student = await account('Student', 'en', 'murod');
      const id = await profileOf(student, unique('Murod'));
      for (let i = 0; i < 60; i++) await enqueue({ kind: 'received', studentId: id, params: application });
      const results = await Promise.all([
        t.app.mailWorker.drain(),
        second.mailWorker.drain(),
        t.app.mailWorker.drain(),
        second.mailWorker.drain(),
      ]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
      // Both processes took part (a claim takes at most 20 at a time).
      expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
      expect(smtp.to(student.email)).toHaveLength(60);
      const rows = await t.database.db
        .select()
        .from(mailJobs)
        .where(inArray(mailJobs.studentId, [id]));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
