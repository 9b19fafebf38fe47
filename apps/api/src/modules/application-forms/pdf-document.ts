import { Document, type DocumentProps, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  CURRENCIES,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  showApplication,
  type TServerTranslate,
  type TShownField,
  type TShownSection,
} from '@uniapply/shared';
import { createElement as h, type ReactElement } from 'react';
import { serverTranslator } from '../../i18n/catalogues.js';
import type { TPdfInput } from './pdf-input.js';
import type { TPhoto } from './photo-check.js';

// The application form as react-pdf elements (issue 10 item 2): the PDF renderer of the shared
// application description (issue 19), on A4 pages, the passport photo on the first page, labels
// and enum values from the web's catalogues in the requesting user's language, and the student's
// own text exactly as typed.

export const FONT_FAMILY = 'DejaVu Sans';

const s = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 9.5, color: '#1f2933', padding: 36, paddingBottom: 54 },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 8 },
  headerText: { flexGrow: 1, flexShrink: 1, paddingRight: 12 },
  title: { fontSize: 11, color: '#52606d', textTransform: 'uppercase', marginBottom: 4 },
  name: { fontSize: 17, fontWeight: 'bold', marginBottom: 6 },
  lead: { fontSize: 10.5, marginBottom: 2 },
  muted: { color: '#52606d', fontSize: 8.5 },
  photoBox: {
    width: 96,
    height: 120,
    border: '1pt solid #9aa5b1',
    alignItems: 'center',
    justifyContent: 'center',
  },
  photo: { width: 96, height: 120, objectFit: 'cover' },
  photoNote: { fontSize: 7.5, color: '#52606d', textAlign: 'center', padding: 4 },
  section: { marginTop: 12 },
  sectionTitle: {
    fontSize: 11.5,
    fontWeight: 'bold',
    color: '#1d3a5f',
    borderBottom: '1pt solid #1d3a5f',
    paddingBottom: 2,
    marginBottom: 6,
  },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  field: { width: '50%', paddingRight: 8, marginBottom: 5, fontSize: 9.5 },
  wide: { width: '100%', paddingRight: 8, marginBottom: 5, fontSize: 9.5 },
  label: { fontSize: 7.5, color: '#52606d' },
  value: { fontSize: 9.5 },
  card: { border: '0.75pt solid #cbd2d9', borderRadius: 3, padding: 6, paddingBottom: 1, marginBottom: 6 },
  empty: { color: '#52606d' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 36,
    right: 36,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: '#7b8794',
  },
});

const EMPTY = '—';

type TField = [label: string, value: string, wide?: boolean];

function fields(list: TField[]): ReactElement {
  return h(
    View,
    { style: s.grid },
    // One Text per field, the label an inline run: a third of the layout nodes of a View with two
    // Texts, and layout is most of a render's time.
    ...list.map(([label, value, wide], i) =>
      h(
        Text,
        { key: i, style: wide ? s.wide : s.field, wrap: false },
        h(Text, { style: s.label }, `${label}\n`),
        value.trim() ? value : EMPTY,
      ),
    ),
  );
}

/** A titled section; a short one (`keep`) moves whole to the next page rather than split. */
function section(title: string, keep: boolean, ...children: ReactElement[]): ReactElement {
  return h(
    View,
    { style: s.section, wrap: !keep },
    h(Text, { style: s.sectionTitle, minPresenceAhead: 40 }, title),
    ...children,
  );
}

/** One described section: a record's fields, a card per list entry, or its empty text. */
function describedSection(shown: TShownSection, fileName: (id: string | null) => string): ReactElement {
  const grid = (entry: TShownField[]) =>
    fields(
      entry.map(({ label, value }) =>
        value.kind === 'file' ? [label, fileName(value.fileId)] : [label, value.text, value.long],
      ),
    );
  const body = shown.entries.length
    ? shown.list
      ? shown.entries.map((entry, i) => h(View, { key: i, style: s.card, wrap: false }, grid(entry)))
      : [grid(shown.entries[0] as TShownField[])]
    : [h(Text, { style: s.empty }, shown.emptyText)];
  return section(shown.title, !shown.list, ...body);
}

/**
 * The course the form applies for, at the top: the described course (course, university and the
 * intake with its deadlines in Malaysia's and Tashkent's time, issue 21), then the catalogue's
 * terms and when it was submitted.
 */
function courseSection(
  t: TServerTranslate,
  described: TShownSection | undefined,
  course: TPdfInput['course'],
  language: TPdfInput['language'],
  zone: string,
): ReactElement {
  const f = (name: string) => t(`applicationForms:fields.${name}`);
  const shown: TField[] = (described?.entries[0] ?? []).map(({ label, value }) => [
    label,
    value.kind === 'text' ? value.text : '',
  ]);
  return section(
    t('applicationForms:pdf.course'),
    true,
    fields([
      ...shown,
      [f('duration'), t('applicationForms:pdf.months', { count: course.duration })],
      [f('price'), formatMoney(course.price, CURRENCIES[course.currency] ?? '', language)],
      [
        t('applicationForms:pdf.submittedAt'),
        course.submittedAt ? formatDateTime(course.submittedAt, language, zone) : '',
      ],
    ]),
  );
}

export function applicationDocument(
  input: TPdfInput,
  photo: TPhoto | null,
  photoNote?: 'missing' | 'unreadable',
): ReactElement<DocumentProps> {
  const t = serverTranslator(input.language);
  // Dates and money through the one shared formatter (issue 18 item 8), in the reader's zone.
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const title = t('applicationForms:pdf.title');
  const { application } = input;
  const p = application.studentInfo;
  const fullName = [p.firstName, p.middleName, p.lastName].filter((n) => n?.trim()).join(' ');
  const names: Record<string, string> = {
    ...Object.fromEntries(application.documents.map((d) => [d.docPath, d.fileName ?? d.docPath])),
    ...input.fileNames,
  };
  const fileName = (id: string | null) => (id ? (names[id] ?? id) : t('applicationForms:noFile'));
  const course = input.course;

  const photoBox = h(
    View,
    { style: s.photoBox },
    photo
      ? h(Image, {
          style: s.photo,
          src: { data: Buffer.from(photo.data), format: photo.format },
        })
      : h(
          Text,
          { style: s.photoNote },
          t(
            photoNote === 'unreadable'
              ? 'applicationForms:pdf.photoUnreadable'
              : 'applicationForms:pdf.photoMissing',
          ),
        ),
  );

  const header = h(
    View,
    { style: s.header },
    h(
      View,
      { style: s.headerText },
      h(Text, { style: s.title }, title),
      h(Text, { style: s.name }, fullName),
      h(Text, { style: s.lead }, course.courseName),
      h(Text, { style: s.lead }, course.universityName),
      h(
        Text,
        { style: s.muted },
        t('applicationForms:pdf.generated', { date: formatDate(input.generatedAt, input.language, zone) }),
      ),
    ),
    photoBox,
  );

  // The described sections; the courses one is this form's one course, drawn in the course section.
  const sections = showApplication(
    {
      ...application,
      courses: [
        {
          university: { name: course.universityName },
          course: { name: course.courseName },
          intake: course.intake,
        },
      ],
    },
    t,
    input.language,
  );
  const body = [
    header,
    courseSection(
      t,
      sections.find((shown) => shown.id === 'courses'),
      course,
      input.language,
      zone,
    ),
    ...sections.filter((shown) => shown.id !== 'courses').map((shown) => describedSection(shown, fileName)),
  ];

  const footer = h(
    View,
    { style: s.footer, fixed: true },
    h(Text, null, `${title} · ${fullName}`),
    h(Text, {
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        t('applicationForms:pdf.page', { page: pageNumber, pages: totalPages }),
    }),
  );

  return h<DocumentProps>(
    Document,
    { title: `${fullName} ${title}`, language: input.language, creator: 'UniApply', producer: 'UniApply' },
    h(Page, { size: 'A4', style: s.page }, ...body, footer),
  );
}
