import { formatDate, UNIVERSITY_TIME_ZONE, ZIntakeInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import {
  defineCrud,
  type TDisplayField,
  type TFormField,
  type TRenderContext,
  type TRow,
} from '../../components/crud/define';
import { formatInZone } from '../../components/crud/zoned-time';
import { translateKey } from '../../lib/i18n';
import { offerName, UNIVERSITY_COURSES } from './shared-fields';

// Issue 21 item 1: a university course's intakes. Deadlines are instants, entered and shown in
// Malaysia's time (the universities' zone), each named with its zone; the address may carry the
// course (`?course=`, the University courses screen links here), and a new intake starts with it.

const deadline = (path: string): TDisplayField => ({
  path,
  width: 1.5,
  render: (row, { t, language }) => formatInZone(row[path], UNIVERSITY_TIME_ZONE, t, language),
});

const DEADLINES = ['applicationDeadline', 'lateDeadline', 'acceptanceDeadline'];

const form: TFormField[] = [
  {
    name: 'universityCourseId',
    kind: 'picklist',
    label: 'catalogue.fields.universityCourse',
    picklist: UNIVERSITY_COURSES,
    wide: true,
  },
  { name: 'startDate', kind: 'date' },
  { name: 'seatCap', kind: 'number' },
  ...DEADLINES.map((name): TFormField => ({ name, kind: 'instant', timeZone: UNIVERSITY_TIME_ZONE })),
  { name: 'open', kind: 'checkbox', defaultValue: true },
];

const course: TDisplayField = {
  path: 'universityCourse',
  label: 'catalogue.fields.universityCourse',
  width: 2,
  render: (row) => offerName(row.universityCourse),
};
const startDate: TDisplayField = {
  path: 'startDate',
  width: 1.2,
  render: (row, { language }) => formatDate(String(row.startDate), language, 'UTC'),
};
const seatCap: TDisplayField = { path: 'seatCap', width: 0.7 };
const openText = (row: TRow, { t }: TRenderContext) =>
  translateKey(t, `common.intakeStates.${row.open ? 'open' : 'closed'}`);

// The grid keeps to what tells intakes apart (the late and acceptance deadlines are in the details).
const columns: TDisplayField[] = [
  course,
  startDate,
  { ...deadline('applicationDeadline'), width: 1.7 },
  seatCap,
  { path: 'open', label: 'catalogue.intake.status', width: 0.9, render: openText },
];
const details: TDisplayField[] = [
  course,
  startDate,
  ...DEADLINES.map(deadline),
  seatCap,
  { path: 'open', render: openText },
];

export const intakes = defineCrud({
  base: 'Intake',
  title: 'catalogue.intake.title',
  addTitle: 'catalogue.intake.add',
  editTitle: 'catalogue.intake.edit',
  filter: { field: 'course.name', operator: 'CONTAINS', label: 'catalogue.intake.filter' },
  choiceFilter: {
    field: 'universityCourseId',
    param: 'course',
    label: 'catalogue.fields.universityCourse',
    options: [{ value: '', label: 'catalogue.intake.allCourses' }],
    picklist: UNIVERSITY_COURSES,
    fills: 'universityCourseId',
  },
  columns,
  schema: ZIntakeInput,
  form,
  details,
});
export const IntakesPage = crudPage(intakes);
