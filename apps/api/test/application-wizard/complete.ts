import { expect } from 'vitest';
import type { TestApp } from '../app.js';
import { multipart } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { childBodies, studentInfoBody, type TClient, type TWho } from '../resources/helpers.js';

// A complete application through the API, as the wizard saves it (shared by the wizard and the
// application-form tests).

export const ok = <T = Record<string, unknown>>(res: { status: number; body: unknown; text: string }) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text}`);
  return res.body as T;
};

/** A small PDF uploaded by `who` to an upload route with these form fields. */
export async function uploadPdf(t: TestApp, who: TWho, url: string, fields: Record<string, string>) {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'scan.pdf', data: pdfFile(), type: 'application/pdf' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { ...who!.headers, ...headers },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

/** A profile of `c` with steps 1 to 5 saved (stage 4: entries are added, not raised). */
export async function firstFiveSteps(t: TestApp, c: TClient, who: TWho, marker: string) {
  const info = ok<{ id: number }>(
    await c.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody(marker)),
  );
  const id = info.id;
  ok(
    await c.post(
      `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
      childBodies.StudentGuardian!(id, marker, 0),
    ),
  );
  ok(
    await c.post(
      `/EmergencyContact/CreateOrUpdate?stage=4&studentId=${id}`,
      childBodies.EmergencyContact!(id, marker, 0),
    ),
  );
  const cert = await uploadPdf(t, who, '/Qualification/upload', { studentId: String(id) });
  const transcript = await uploadPdf(t, who, '/Qualification/upload', { studentId: String(id) });
  ok(
    await c.post('/Qualification/add', {
      ...childBodies.Qualification!(id, marker, 0),
      certFileName: cert.body.fileId,
      transcriptFileName: transcript.body.fileId,
    }),
  );
  const langCert = await uploadPdf(t, who, '/Language/upload', { studentId: String(id) });
  ok(
    await c.post('/Language/add', {
      ...childBodies.Language!(id, marker, 0),
      certFileName: langCert.body.fileId,
    }),
  );
  return id;
}

/** A profile of `c` with every required step saved (stage 10), ready to confirm. */
export async function completeApplication(
  t: TestApp,
  c: TClient,
  who: TWho,
  marker: string,
  courseIds: readonly unknown[],
) {
  const id = await firstFiveSteps(t, c, who, marker);
  for (const type of [1, 2, 3]) {
    const res = await uploadPdf(t, who, '/Document/upload', {
      studentId: String(id),
      DocumentTypeId: String(type),
    });
    expect(res.status).toBe(200);
  }
  ok(
    await c.post(`/OtherInfo/CreateOrUpdate?stage=9&studentId=${id}`, childBodies.OtherInfo!(id, marker, 0)),
  );
  ok(await c.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, courseIds));
  return id;
}
