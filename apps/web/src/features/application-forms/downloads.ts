import { applicationFormFileName } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { notifyFailure } from '../../components/crud/notify';
import { ApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

// The Application Form screen's downloads (spec 2.3, 7.3): the application PDF under the spec's
// name, and the student's stored files; 'File not found' when there is none.

type TNames = { firstName: string; middleName?: string | null; lastName: string };

async function download(t: TFunction, path: string, fileName: string) {
  try {
    await downloadFile(path, fileName);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notifyFailure(t, 'applicationForms.fileNotFound');
    else notifyFailure(t, 'applicationForms.downloadFailed', error);
  }
}

/** `GET /ApplicationForm/generate-application-form?studentCourseId=`, saved as '{names} Application Form.pdf'. */
export async function downloadApplicationPdf(
  t: TFunction,
  form: { studentCourseId?: number | null; studentInfo?: TNames | null },
) {
  if (!form.studentCourseId || !form.studentInfo) return notifyFailure(t, 'applicationForms.fileNotFound');
  const query = new URLSearchParams({ studentCourseId: String(form.studentCourseId) });
  await download(
    t,
    `/ApplicationForm/generate-application-form?${query}`,
    applicationFormFileName(form.studentInfo),
  );
}

/** A stored file (`/Document/downloadByFileId/{fileId}`) under its display name. */
export async function downloadStoredFile(t: TFunction, file: { fileId: string | null; name: string | null }) {
  if (!file.fileId) return notifyFailure(t, 'applicationForms.fileNotFound');
  await download(
    t,
    `/Document/downloadByFileId/${encodeURIComponent(file.fileId)}`,
    file.name ?? file.fileId,
  );
}
