import type { TApplicationStatusDetail, TApplicationStatusState, TDocumentRequest } from '@uniapply/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { releaseUnreferenced } from '../../src/modules/documents/repository.js';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp, download, listFiles } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';
import { answer, detail, forceStatus, mailsOf, recordChanges, stateOf, submitted } from './helpers.js';

// Issue 12 item 2: an admin requests documents with the move to documentsRequested; the applicant
// side lists them and answers each with an upload (the wizard's rules; a new file of its own);
// once every request is answered the application returns to underReview by itself.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let student: TClient;
let studentWho: TWho;
let agent: TClient;
let agentWho: TWho;
let otherAgentWho: TWho;
let otherStudentWho: TWho;
let own: { studentId: number; applications: number[] };
let agents: { studentId: number; applications: number[] };

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'requests.admin@apps.test', 'Admin'));
  studentWho = await signInAs(t, 'requests.student@apps.test', 'Student');
  student = client(t, studentWho);
  agentWho = await signInAs(t, 'requests.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgentWho = await signInAs(t, 'requests.other-agent@apps.test', 'Agent');
  otherStudentWho = await signInAs(t, 'requests.other-student@apps.test', 'Student');
  const cat = await seedCatalogue(admin, 'Req');
  own = await submitted(t, student, studentWho, 'Asked', [cat.universityCourseId]);
  agents = await submitted(t, agent, agentWho, 'Agentasked', [cat.universityCourseId]);
});
afterAll(() => t?.close());

/** underReview, then documentsRequested with these requests; returns the new state. */
async function requestDocuments(id: number, requests: object[]) {
  let state = await stateOf(admin, id);
  if (state.status === 'submitted')
    state = ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: id,
        to: 'underReview',
        version: state.version,
      }),
    );
  return ok<TApplicationStatusState>(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: id,
      to: 'documentsRequested',
      version: state.version,
      message: 'We need two more documents.',
      requests,
    }),
  );
}

const openRequests = async (c: TClient, query = '') =>
  ok<TDocumentRequest[]>(await c.get(`/DocumentRequest/list?open=true${query}`));

describe('document requests', () => {
  it('answered by uploads, the application returns to underReview by itself', async () => {
    const id = own.applications[0]!;
    const wizardDocuments = ok(await student.get(`/Document/list?studentId=${own.studentId}`));
    const changes = recordChanges(t);
    await requestDocuments(id, [{ documentTypeId: 1 }, { text: 'Bank statement' }]);

    // The applicant side sees them; nobody else does.
    const open = await openRequests(student);
    expect(open.map((r) => [r.studentCourseId, r.documentTypeId, r.text, r.fileId])).toEqual([
      [id, 1, null, null],
      [id, null, 'Bank statement', null],
    ]);
    expect(open[0]!.documentTypeName).toEqual(expect.any(String));
    // One mail lists what is asked, and no status mail beside it (issue 20 item 6: one per event).
    const mails = await mailsOf(t, own.studentId);
    expect(mails.filter((m) => m.kind === 'statusChanged' && m.params.to === 'documentsRequested')).toEqual(
      [],
    );
    const asked = mails.filter((m) => m.kind === 'documentsRequested');
    expect(asked).toEqual([
      expect.objectContaining({
        audience: 'student',
        params: expect.objectContaining({
          items: [{ documentTypeId: 1, name: open[0]!.documentTypeName }, 'Bank statement'],
        }),
      }),
    ]);
    expect(await openRequests(agent)).toEqual([]);
    expect(await openRequests(client(t, otherAgentWho))).toEqual([]);
    expect((await openRequests(admin, `&studentId=${own.studentId}`)).map((r) => r.id)).toEqual(
      open.map((r) => r.id),
    );
    expect((await client(t, null).get('/DocumentRequest/list')).status).toBe(401);

    // Another owner's request behaves like a missing one; a bad file is refused; nothing is kept.
    const before = listFiles(t.filesDir);
    for (const who of [agentWho, otherAgentWho, otherStudentWho]) {
      expect((await answer(t, who, open[0]!.id)).status).toBe(404);
    }
    expect((await answer(t, studentWho, 999999)).status).toBe(404);
    expect((await answer(t, null, open[0]!.id)).status).toBe(401);
    const fake = await answer(t, studentWho, open[0]!.id, Buffer.from('<?php echo 1; ?>'));
    expect(fake.status).toBe(400);
    expect(listFiles(t.filesDir)).toEqual(before);
    expect(await openRequests(student)).toHaveLength(2);

    // The first answer leaves it waiting for the second.
    const first = await answer(t, studentWho, open[0]!.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      request: { id: open[0]!.id, fileName: 'bank-statement.pdf', fileId: expect.any(String) },
      state: { status: 'documentsRequested' },
    });
    const firstFile = first.body.request.fileId as string;
    expect((await download(t, studentWho, firstFile)).statusCode).toBe(200);
    expect((await download(t, otherStudentWho, firstFile)).statusCode).toBe(404);

    const second = await answer(t, studentWho, open[1]!.id);
    expect(second.body).toMatchObject({ state: { status: 'underReview' } });
    expect(await openRequests(student)).toEqual([]);
    const d = ok<TApplicationStatusDetail>(await detail(student, id));
    expect(d.history.at(-1)).toMatchObject({ from: 'documentsRequested', to: 'underReview', byUserId: null });
    expect(d.requests.every((r) => r.answeredAt !== null)).toBe(true);
    changes.stop();
    expect(changes.seen.map((c) => c.kind)).toEqual([
      'statusChanged',
      'statusChanged',
      'documentsRequested',
      'requestAnswered',
      'requestAnswered',
      'statusChanged',
    ]);

    // The wizard's documents are untouched: answers are files of their own.
    expect(ok(await student.get(`/Document/list?studentId=${own.studentId}`))).toEqual(wizardDocuments);
    expect(listFiles(t.filesDir)).toHaveLength(before.length + 2);

    // A second answer to a request replaces its file (the old one is removed); no status change.
    const again = await answer(t, studentWho, open[0]!.id);
    expect(again.body).toMatchObject({ state: { status: 'underReview' } });
    expect(listFiles(t.filesDir)).toHaveLength(before.length + 2);
    expect(listFiles(t.filesDir).some((f) => f.includes(firstFile))).toBe(false);

    // The 24-hour sweep keeps files that answer a request.
    await releaseUnreferenced(t.database.db, new Date(Date.now() + 48 * 3600_000));
    const answers = [again.body.request.fileId, second.body.request.fileId] as string[];
    const kept = await t.database.db
      .select({ studentId: files.studentId })
      .from(files)
      .where(inArray(files.id, answers));
    expect(kept).toEqual([{ studentId: own.studentId }, { studentId: own.studentId }]);

    // Issue 20 item 6: the admin sees the replacement; once the application has moved on to a
    // decision the answer is final (409 answerFinal, nothing stored, the answer unchanged).
    const seen = ok<TApplicationStatusDetail>(await detail(admin, id)).requests.find(
      (r) => r.id === open[0]!.id,
    );
    expect(seen).toMatchObject({ fileId: again.body.request.fileId, fileName: 'bank-statement.pdf' });
    await forceStatus(t, id, 'conditionalOffer');
    const filesBefore = listFiles(t.filesDir);
    const late = await answer(t, studentWho, open[0]!.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'answerFinal', params: { current: 'conditionalOffer' } });
    expect(listFiles(t.filesDir)).toEqual(filesBefore);
    const after = ok<TApplicationStatusDetail>(await detail(admin, id)).requests.find(
      (r) => r.id === open[0]!.id,
    );
    expect(after?.fileId).toBe(again.body.request.fileId);
    await forceStatus(t, id, 'underReview');
  });

  it('the owning agent answers for their student; undoing a request drops what is unanswered', async () => {
    const id = agents.applications[0]!;
    const state = await requestDocuments(id, [{ text: 'Sponsor letter' }]);
    const [request] = await openRequests(agent);
    expect(request).toMatchObject({ studentCourseId: id, text: 'Sponsor letter' });
    expect(await openRequests(student)).toEqual([]);
    // Undo (the admin's own last move) drops the unanswered request with the move.
    ok(await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version }));
    expect(await openRequests(agent)).toEqual([]);
    // Asked again, the agent answers and the application returns to underReview.
    await requestDocuments(id, [{ text: 'Sponsor letter' }, { documentTypeId: 2 }]);
    const open = await openRequests(agent);
    expect(open).toHaveLength(2);
    expect((await answer(t, agentWho, open[0]!.id)).body).toMatchObject({
      state: { status: 'documentsRequested' },
    });
    expect((await answer(t, agentWho, open[1]!.id)).body).toMatchObject({ state: { status: 'underReview' } });
    // A requested document type must exist.
    const now = await stateOf(admin, id);
    const bad = await admin.post('/ApplicationStatus/move', {
      studentCourseId: id,
      to: 'documentsRequested',
      version: now.version,
      requests: [{ documentTypeId: 99999 }],
    });
    expect(bad.status).toBe(400);
    expect((await stateOf(admin, id)).status).toBe('underReview');
  });
});
