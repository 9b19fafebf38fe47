import { formatDate, UNIVERSITY_TIME_ZONE, ZIntakeInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, type TDisplayField, type TFormField, type TRow } from '../../components/crud/define';
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

const columns: TDisplayField[] = [
  {
    path: 'universityCourse',
    label: 'catalogue.fields.universityCourse',
    width: 2.4,
    render: (row) => offerName(row.universityCourse),
  },
  { path: 'startDate', render: (row, { language }) => formatDate(String(row.startDate), language, 'UTC') },
  deadline('applicationDeadline'),
  deadline('lateDeadline'),
  { path: 'seatCap', width: 0.8 },
  {
    path: 'open',
    width: 0.8,
    render: (row: TRow, { t }) => translateKey(t, `common.intakeStates.${row.open ? 'open' : 'closed'}`),
  },
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
  details: [
    ...columns.slice(0, 3),
    deadline('lateDeadline'),
    deadline('acceptanceDeadline'),
    ...columns.slice(4),
  ],
});
export const IntakesPage = crudPage(intakes);
