import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { files, studentInfos } from '../../db/schema/index.js';
import { field, type TField, type TJoin } from '../define.js';

// Shared pieces of the records owned through a student profile (studentId → student_infos).

/** The student's names are filterable on every child record (e.g. studentInfo.firstName). */
export function studentInfoJoin(studentId: AnyPgColumn): {
  joins: Record<string, TJoin>;
  fields: Record<string, TField>;
} {
  return {
    joins: { studentInfo: { table: studentInfos, via: studentId } },
    fields: {
      'studentInfo.firstName': field(studentInfos.firstName, 'studentInfo'),
      'studentInfo.middleName': field(studentInfos.middleName, 'studentInfo'),
      'studentInfo.lastName': field(studentInfos.lastName, 'studentInfo'),
      'studentInfo.email': field(studentInfos.email, 'studentInfo'),
    },
  };
}

/**
 * A stored file's display name beside the row's file id (the entry dialogs name the file), looked
 * up among the same student's files only.
 */
export function fileDisplayName(
  fileId: AnyPgColumn,
  studentId: AnyPgColumn,
  alias: string,
): SQL.Aliased<string | null> {
  return sql<string | null>`(select ${files.displayName} from ${files}
    where ${files.id}::text = ${fileId} and ${files.studentId} = ${studentId})`.as(alias);
}
