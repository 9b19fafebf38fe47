import {
  APPLICATION_STATUSES,
  OVERVIEW_WAITING_LIMIT,
  type TApplicationStatus,
  type TStatusOverview,
  type TWaitingApplication,
  WAITING_STATUSES,
  ZStatusOverview,
} from '@uniapply/shared';
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDbOrTx } from '../../db/client.js';
import {
  applicationStatuses,
  courses,
  studentCourses,
  studentInfos,
  universities,
} from '../../db/schema/index.js';
import { readSettings } from '../../settings/store.js';
import { withNames } from './repository.js';

// The admin overview (issue 12 item 5): how many applications are in each status and which have
// waited longest in each. Both read the status table through its (status, updated_at) index: the
// counts as one grouped index-only scan, the longest waiting as one short ordered range per
// status. Every path that submits (confirm, the admin's Add) writes the status row, and
// migration 0008 entered the older applications, so the table holds every application.

const trimmed = (column: AnyPgColumn) => sql`nullif(trim(${column}), '')`;
const fullName: SQL<string> = sql<string>`concat_ws(' ', ${trimmed(studentInfos.firstName)},
  ${trimmed(studentInfos.middleName)}, ${trimmed(studentInfos.lastName)})`;

export async function countByStatus(tx: TDbOrTx): Promise<Record<TApplicationStatus, number>> {
  const rows = await tx
    .select({ status: applicationStatuses.status, n: count().mapWith(Number) })
    .from(applicationStatuses)
    .groupBy(applicationStatuses.status);
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    TApplicationStatus,
    number
  >;
  for (const row of rows) counts[row.status as TApplicationStatus] = row.n;
  return counts;
}

/** The applications in `status` that have had it longest, oldest first. */
export async function longestWaiting(
  tx: TDbOrTx,
  status: TApplicationStatus,
  limit = OVERVIEW_WAITING_LIMIT,
): Promise<TWaitingApplication[]> {
  const query = tx
    .select({
      studentCourseId: applicationStatuses.studentCourseId,
      studentId: studentCourses.studentId,
      fullName,
      course: courses.name,
      university: universities.name,
      since: applicationStatuses.updatedAt,
    })
    .from(applicationStatuses)
    .innerJoin(studentCourses, eq(studentCourses.id, applicationStatuses.studentCourseId))
    .$dynamic();
  return withNames(query)
    .where(eq(applicationStatuses.status, status))
    .orderBy(asc(applicationStatuses.updatedAt), asc(applicationStatuses.studentCourseId))
    .limit(limit);
}

/**
 * Issue 21 item 5: per status one can wait in, the applications that have had it for more than
 * `limitDays` at `now` (the app's clock): one grouped range scan of the (status, updated_at) index.
 */
export async function countOverdue(
  tx: TDbOrTx,
  now: Date,
  limitDays: number,
): Promise<TStatusOverview['overdue']['counts']> {
  const cutoff = new Date(now.getTime() - limitDays * 86_400_000).toISOString();
  const rows = await tx
    .select({ status: applicationStatuses.status, n: count().mapWith(Number) })
    .from(applicationStatuses)
    .where(
      and(
        inArray(applicationStatuses.status, [...WAITING_STATUSES]),
        lt(applicationStatuses.updatedAt, cutoff),
      ),
    )
    .groupBy(applicationStatuses.status);
  const counts = Object.fromEntries(
    WAITING_STATUSES.map((s) => [s, 0]),
  ) as TStatusOverview['overdue']['counts'];
  for (const row of rows) counts[row.status as keyof typeof counts] = row.n;
  return counts;
}

export async function readOverview(tx: TDbOrTx, now: Date, limitDays: number): Promise<TStatusOverview> {
  const counts = await countByStatus(tx);
  const waiting: TStatusOverview['waiting'] = [];
  // One after the other: a transaction is one connection. Empty statuses need no query.
  for (const status of WAITING_STATUSES)
    waiting.push({ status, applications: counts[status] ? await longestWaiting(tx, status) : [] });
  return { counts, waiting, overdue: { limitDays, counts: await countOverdue(tx, now, limitDays) } };
}

export function registerOverview(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.get(
    '/ApplicationStatus/overview',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_overview',
        summary: 'Applications by status and the longest waiting in each (admins)',
        description:
          'For the admin dashboard: `counts` has every status (zeros included); `waiting` lists, for ' +
          `each status that is not final, at most ${OVERVIEW_WAITING_LIMIT} applications, the one ` +
          'that has had its status longest first (`since`: when it got it); `overdue` counts, per such ' +
          'status, the applications that have had it longer than the `statusWaitLimitDays` setting.',
        response: { 200: ZStatusOverview },
      },
    },
    async () =>
      db.transaction(async (tx) =>
        readOverview(tx, app.clock.now(), (await readSettings(tx)).statusWaitLimitDays),
      ),
  );
}
