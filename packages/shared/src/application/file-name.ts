/**
 * The application PDF's file name (spec 2.3): '{first} {middle} {last} Application Form.pdf', with
 * no double space when there is no middle name. The names are the student's own text, as typed.
 */
export function applicationFormFileName(student: {
  firstName: string;
  middleName?: string | null;
  lastName: string;
}): string {
  const names = [student.firstName, student.middleName, student.lastName]
    .map((n) => (n ?? '').trim())
    .filter(Boolean);
  return `${[...names, 'Application Form'].join(' ')}.pdf`;
}
