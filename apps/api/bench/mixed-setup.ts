// The mixed bench's people and data, made through the portal's own HTTP API (so the same set-up
// works against one process or a cluster behind a proxy): accounts signed in through the demo
// provider, students with a saved profile, agents with students and submitted applications (with
// uploads), an admin. Only what a browser could do; nothing is written to the database directly.
import { Browser } from '../test/auth/browser.js';
import { signInThroughDemo } from '../test/auth/flow.js';
import { pdfFile, pngFile } from '../test/documents/samples.js';

export type TSession = { cookie: string };
export type TStudent = TSession & { studentId: number };
export type TAgent = TSession & { studentIds: number[] };
export type TMixedData = {
  admin: TSession;
  students: TStudent[];
  agents: TAgent[];
  /** Submitted student courses (Application Forms) the admin opens and prints. */
  applicationIds: number[];
  universityCourseIds: number[];
  universityIds: number[];
  levelIds: number[];
};

/** A JSON call as `who`; throws with the answer when it is not 200. */
export async function call<T = Record<string, unknown>>(
  base: string,
  who: TSession,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      cookie: who.cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Signs in through the demo provider as a person would; returns the session cookie header. */
export async function signIn(base: string, email: string, role?: 'student' | 'agent'): Promise<TSession> {
  const browser = new Browser(base);
  const done = await signInThroughDemo(browser, { email, role });
  const cookie = browser.cookieHeader('/api/');
  if (!done.location || !/(^|; )(__Host-)?sid=/.test(cookie)) {
    throw new Error(`signing in ${email} failed (HTTP ${done.res.status}); is the demo sign-in on?`);
  }
  return { cookie };
}

/** A valid personal step (wizard stage 2) for person `i` of this run. */
export function personal(tag: string, i: number) {
  return {
    firstName: 'Bench',
    lastName: `Student ${tag} ${i}`,
    passportSeries: 'AB',
    passportNumber: String(1_000_000 + (i % 8_000_000)),
    gender: i % 2,
    dateOfBirth: '2003-05-17',
    email: `student.${tag}.${i}@bench.test`,
    address: '12 Amir Temur Street',
    city: 'Tashkent',
    postCode: '100000',
    race: 'Uzbek',
    phoneNumber: '+998901234567',
    country: 0,
  };
}

export function guardian(studentId: number, tag: string) {
  return {
    studentId,
    firstName: 'Parent',
    lastName: 'Of Bench',
    relationship: 0,
    occupation: 'Engineer',
    phoneNumber: '+998901234568',
    email: `parent.${tag}.${studentId}@bench.test`,
    address: '12 Amir Temur Street',
  };
}

async function upload(
  base: string,
  who: TSession,
  url: string,
  fields: Record<string, string>,
  photo = false,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const file = photo
    ? new Blob([new Uint8Array(pngFile())], { type: 'image/png' })
    : new Blob([new Uint8Array(pdfFile())], { type: 'application/pdf' });
  form.append('file', file, photo ? 'photo.png' : 'scan.pdf');
  const res = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: base },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`upload ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { fileId: string };
}

/** Every wizard step of a new student of `agent`, confirmed with `universityCourseId`. */
async function submitApplication(base: string, agent: TSession, tag: string, i: number, ucId: number) {
  const { id: studentId } = await call<{ id: number }>(
    base,
    agent,
    'POST',
    '/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
    personal(tag, 100_000 + i),
  );
  await call(base, agent, 'POST', `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${studentId}`, {
    ...guardian(studentId, tag),
  });
  await call(base, agent, 'POST', `/EmergencyContact/CreateOrUpdate?stage=4&studentId=${studentId}`, {
    studentId,
    firstName: 'Dilnoza',
    lastName: 'Friendova',
    relationship: 3,
    others: 'Neighbour',
    phoneNumber: '+998901234569',
  });
  const s = String(studentId);
  const cert = await upload(base, agent, '/Qualification/upload', { studentId: s });
  const transcript = await upload(base, agent, '/Qualification/upload', { studentId: s });
  await call(base, agent, 'POST', '/Qualification/add', {
    studentId,
    qualificationType: 4,
    yearOfExam: 2022,
    nameOfExamination: 'Lyceum diploma',
    nameOfInstitution: 'Tashkent lyceum',
    result: 'A',
    certFileName: cert.fileId,
    transcriptFileName: transcript.fileId,
  });
  const ielts = await upload(base, agent, '/Language/upload', { studentId: s });
  await call(base, agent, 'POST', '/Language/add', {
    studentId,
    languageType: 1,
    result: '7.0',
    yearOfExam: 2023,
    certFileName: ielts.fileId,
  });
  for (const type of ['1', '2', '3'])
    await upload(base, agent, '/Document/upload', { studentId: s, DocumentTypeId: type }, type === '1');
  await call(base, agent, 'POST', `/OtherInfo/CreateOrUpdate?stage=9&studentId=${studentId}`, {
    studentId,
    friends: true,
  });
  await call(base, agent, 'POST', `/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, [ucId]);
  await call(base, agent, 'POST', '/Stage/confirm', { studentId });
  return studentId;
}

type TCatalogueRow = { id: number; universityId: number; course: { level?: { id: number } | null } };

/**
 * Signs everybody in and makes their data. `tag` keeps the accounts of one run apart from earlier
 * runs against the same portal. Sign-ins go one after another: the sign-in start is limited to
 * 100 a minute per address.
 */
export async function prepareMixedData(
  base: string,
  opts: {
    tag: string;
    students: number;
    agents: number;
    studentsPerAgent: number;
    submittedPerAgent: number;
  },
  log: (s: string) => void,
): Promise<TMixedData> {
  const t0 = performance.now();
  const admin = await signIn(base, 'admin@demo.local');
  const catalogue = await call<{ result: TCatalogueRow[] }>(
    base,
    admin,
    'POST',
    '/UniversityCourse/getListByPage',
    {
      page: 0,
      pageSize: 100,
    },
  );
  const universityCourseIds = catalogue.result.map((r) => r.id);
  if (universityCourseIds.length === 0) throw new Error('the catalogue is empty: seed it first');
  const universityIds = [...new Set(catalogue.result.map((r) => r.universityId))];
  const levelIds = [...new Set(catalogue.result.flatMap((r) => (r.course.level ? [r.course.level.id] : [])))];

  const students: TStudent[] = [];
  for (let i = 0; i < opts.students; i++) {
    const session = await signIn(base, `student.${opts.tag}.${i}@bench.test`, 'student');
    const { id } = await call<{ id: number }>(
      base,
      session,
      'POST',
      '/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
      personal(opts.tag, i),
    );
    students.push({ ...session, studentId: id });
  }
  const agents: TAgent[] = [];
  for (let a = 0; a < opts.agents; a++) {
    const session = await signIn(base, `agent.${opts.tag}.${a}@bench.test`, 'agent');
    const studentIds: number[] = [];
    for (let k = 0; k < opts.studentsPerAgent; k++) {
      const i = a * 1000 + k;
      if (k < opts.submittedPerAgent) {
        studentIds.push(
          await submitApplication(
            base,
            session,
            opts.tag,
            i,
            universityCourseIds[i % universityCourseIds.length]!,
          ),
        );
      } else {
        const { id } = await call<{ id: number }>(
          base,
          session,
          'POST',
          '/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
          personal(opts.tag, 200_000 + i),
        );
        studentIds.push(id);
      }
    }
    agents.push({ ...session, studentIds });
  }
  const forms = await call<{ result: { id: number; email: string }[] }>(
    base,
    admin,
    'POST',
    '/ApplicationForm/getListByPage',
    { page: 0, pageSize: 100, filter: { operator: 'AND', conditions: [], groups: [] } },
  );
  const applicationIds = forms.result.map((r) => r.id);
  log(
    `Set-up through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${students.length} students, ` +
      `${agents.length} agents with ${opts.studentsPerAgent} students each, ${applicationIds.length} submitted ` +
      `applications, ${universityCourseIds.length} university courses`,
  );
  return { admin, students, agents, applicationIds, universityCourseIds, universityIds, levelIds };
}
