import { IconFileTypePdf } from '@tabler/icons-react';
import { type TApplicationFormRow, type TApplicationStatus, ZApplicationFormInput } from '@uniapply/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../components/crud/crud-screen';
import { defineCrud, type TRow } from '../../components/crud/define';
import { StatusBadge, statusChoiceFilter } from '../application-status';
import { UNIVERSITIES } from '../catalogue';
import { ApplicationFormDetail, FORM_NAMESPACES } from './application-form-detail';
import { DurationField, PriceField, StudentField, UniversityCourseField } from './course-fields';
import { downloadApplicationPdf } from './downloads';
import { ApplicationStatusPanel } from './status-panel';

/**
 * The selected application: its status with the admin's control (issue 12), then its form.
 * Memoised on the row: typing in the name filter re-renders the screen, not these two panels.
 */
const SelectedApplicationForm = memo(function SelectedApplicationForm({ row }: { row: TRow }) {
  return (
    <>
      <ApplicationStatusPanel studentCourseId={row.id} />
      <ApplicationFormDetail id={row.id} />
    </>
  );
});

/**
 * Spec 2.3 Application Form screen (admin): one row per submitted application, filtered on the
 * student's first name; each row downloads its PDF; the selected row shows the tabbed detail.
 * Add applies the selected row's student for another course; Edit changes the course (DESIGN 6).
 * Issue 12: a Status column and filter (`?status=` in the address, the overview's links).
 */
export const applicationForms = defineCrud({
  base: 'ApplicationForm',
  title: 'applicationForms.title',
  addTitle: 'applicationForms.add',
  editTitle: 'applicationForms.edit',
  filter: { field: 'studentInfo.firstName', operator: 'CONTAINS' },
  personal: true,
  choiceFilter: statusChoiceFilter('status'),
  columns: [
    { path: 'fullName', label: 'applicationForms.columns.fullName', width: 2 },
    { path: 'email', label: 'applicationForms.columns.email', width: 2 },
    { path: 'university.name', label: 'applicationForms.columns.university', width: 2 },
    { path: 'course.name', label: 'applicationForms.columns.course', width: 2 },
    {
      path: 'status',
      label: 'status.list.column',
      width: 2,
      render: (row) => <StatusBadge status={row.status as TApplicationStatus} />,
    },
  ],
  rowActions: [
    {
      label: 'applicationForms.downloadPdf',
      icon: <IconFileTypePdf size={18} aria-hidden />,
      onClick: (row, { t }) => downloadApplicationPdf(t, row as TApplicationFormRow),
    },
  ],
  detailsView: SelectedApplicationForm,
  addFromSelection: (row) => ({ studentId: row.studentId, fullName: row.fullName }),
  schema: ZApplicationFormInput,
  form: [
    {
      name: 'student',
      kind: 'custom',
      label: 'applicationForms.fields.student',
      component: StudentField,
      wide: true,
    },
    {
      name: 'universityId',
      kind: 'picklist',
      label: 'applicationForms.fields.university',
      picklist: UNIVERSITIES,
      resets: ['universityCourseId'],
    },
    {
      name: 'universityCourseId',
      kind: 'custom',
      label: 'applicationForms.fields.course',
      component: UniversityCourseField,
    },
    { name: 'duration', kind: 'custom', label: 'applicationForms.fields.duration', component: DurationField },
    { name: 'price', kind: 'custom', label: 'applicationForms.fields.price', component: PriceField },
  ],
});

export function ApplicationFormsPage() {
  useTranslation([...FORM_NAMESPACES, 'status']); // loads the texts the row actions and the detail use
  return <CrudScreen definition={applicationForms} />;
}
