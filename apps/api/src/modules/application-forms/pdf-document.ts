import { Document, type DocumentProps, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  COUNTRIES,
  CURRENCIES,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMessage,
  formatMoney,
  GENDERS,
  LANGUAGE_OTHERS,
  LANGUAGE_TYPES,
  OTHER_INFO_SOURCES,
  QUALIFICATION_OTHERS,
  QUALIFICATION_TYPES,
  RELATIONSHIP_OTHER,
  RELATIONSHIPS,
} from '@uniapply/shared';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import type { TPdfInput } from './pdf-input.js';
import type { TPhoto } from './photo-check.js';
import { PDF_TEXTS, type TPdfTexts } from './texts/index.js';

// The application form as react-pdf elements (issue 10 item 2): every section of the application
// on A4 pages, the passport photo on the first page, labels and enum values in the requesting
// user's language, and the student's own text exactly as typed.

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
  cardTitle: { fontWeight: 'bold', marginBottom: 4 },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #e4e7eb', paddingVertical: 3 },
  headRow: { flexDirection: 'row', borderBottom: '0.75pt solid #9aa5b1', paddingVertical: 3 },
  cell: { flex: 1, paddingRight: 6 },
  headCell: { flex: 1, paddingRight: 6, fontWeight: 'bold', fontSize: 8.5 },
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

type TField = [label: string, value: string | number | null | undefined, wide?: boolean];

const present = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

function fields(t: TPdfTexts, list: TField[]): ReactElement {
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
        present(value) ? String(value) : t.empty,
      ),
    ),
  );
}

/** A titled section; a short one (`keep`) moves whole to the next page rather than split. */
function section(title: string | { title: string; keep: true }, ...children: ReactNode[]): ReactElement {
  const keep = typeof title === 'object';
  return h(
    View,
    { style: s.section, wrap: !keep },
    h(Text, { style: s.sectionTitle, minPresenceAhead: 40 }, keep ? title.title : title),
    ...children,
  );
}

function table(t: TPdfTexts, head: string[], rows: (string | null | undefined)[][]): ReactElement {
  return h(
    View,
    null,
    h(
      View,
      { style: s.headRow, fixed: false },
      ...head.map((c, i) => h(Text, { key: i, style: s.headCell }, c)),
    ),
    ...rows.map((r, i) =>
      h(
        View,
        { key: i, style: s.row, wrap: false },
        ...r.map((c, j) => h(Text, { key: j, style: s.cell }, present(c) ? String(c) : t.empty)),
      ),
    ),
  );
}

const none = (t: TPdfTexts) => h(Text, { style: s.empty }, t.values.none);

/** An enum index as its label; an unknown index shows as the number. */
function label(map: Record<string, string>, keys: readonly string[], index: number | null | undefined) {
  const key = index === null || index === undefined ? undefined : keys[index];
  return key ? (map[key] ?? key) : present(index) ? String(index) : null;
}

/** "Other (Neighbour)": the typed text beside the label when the Other choice is made. */
const withOthers = (text: string | null, isOther: boolean, others: string | null | undefined) =>
  isOther && present(others) ? `${text} (${others})` : text;

export function applicationDocument(
  input: TPdfInput,
  photo: TPhoto | null,
  photoNote?: 'missing' | 'unreadable',
): ReactElement<DocumentProps> {
  const t = PDF_TEXTS[input.language];
  // Dates and money through the one shared formatter (issue 18 item 8), in the reader's zone.
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const day = (value: string | null | undefined) => (value ? formatDate(value, input.language, zone) : value);
  const f = t.fields;
  const e = t.enums;
  const { studentInfo: p, guardian: g, emergencyContact: c, otherInfo: o } = input.application;
  const fullName = [p.firstName, p.middleName, p.lastName].filter(present).join(' ');
  const fileName = (id: string | null | undefined) => (id ? (input.fileNames[id] ?? id) : t.values.noFile);
  const course = input.course;

  const photoBox = h(
    View,
    { style: s.photoBox },
    photo
      ? h(Image, {
          style: s.photo,
          src: { data: Buffer.from(photo.data), format: photo.format },
        })
      : h(Text, { style: s.photoNote }, photoNote === 'unreadable' ? t.photo.unreadable : t.photo.missing),
  );

  const header = h(
    View,
    { style: s.header },
    h(
      View,
      { style: s.headerText },
      h(Text, { style: s.title }, t.title),
      h(Text, { style: s.name }, fullName),
      h(Text, { style: s.lead }, course.courseName),
      h(Text, { style: s.lead }, course.universityName),
      h(
        Text,
        { style: s.muted },
        formatMessage(t.generated, { date: formatDate(input.generatedAt, input.language, zone) }),
      ),
    ),
    photoBox,
  );

  const contact = (person: NonNullable<typeof g> | NonNullable<typeof c>, extra: TField[]) =>
    fields(t, [
      [f.firstName, person.firstName],
      [f.middleName, person.middleName],
      [f.lastName, person.lastName],
      [
        f.relationship,
        withOthers(
          label(e.relationships, RELATIONSHIPS, person.relationship),
          person.relationship === RELATIONSHIP_OTHER,
          person.others,
        ),
      ],
      ...extra,
      [f.phoneNumber, person.phoneNumber],
      [f.mobileNumber, person.mobileNumber],
    ]);

  const sources = o
    ? [
        ...OTHER_INFO_SOURCES.filter((k) => o[k]).map((k) => e.sources[k]),
        ...(o.agentId ? [e.sources.agent] : []),
        ...(o.others ? [e.sources.others] : []),
      ]
    : [];

  const body = [
    header,
    section(
      t.sections.personal,
      fields(t, [
        [f.firstName, p.firstName],
        [f.middleName, p.middleName],
        [f.lastName, p.lastName],
        [f.passport, `${p.passportSeries}${p.passportNumber}`],
        [f.dateOfBirth, day(p.dateOfBirth)],
        [f.gender, label(e.genders, GENDERS, p.gender)],
        [f.email, p.email],
        [f.race, p.race],
        [f.phoneNumber, p.phoneNumber],
        [f.mobileNumber, p.mobileNumber],
        [f.address, p.address, true],
        [f.city, p.city],
        [f.postCode, p.postCode],
        [f.country, label(e.countries, COUNTRIES, p.country)],
      ]),
    ),
    section(
      { title: t.sections.course, keep: true },
      fields(t, [
        [f.university, course.universityName],
        [f.course, course.courseName],
        [f.duration, formatMessage(t.values.months, { count: course.duration })],
        [f.price, formatMoney(course.price, CURRENCIES[course.currency], input.language)],
        [f.submittedAt, course.submittedAt ? formatDateTime(course.submittedAt, input.language, zone) : null],
      ]),
    ),
    section(
      { title: t.sections.guardian, keep: true },
      g
        ? contact(g, [
            [f.occupation, g.occupation],
            [f.email, g.email],
            [f.address, g.address, true],
          ])
        : none(t),
    ),
    section({ title: t.sections.emergencyContact, keep: true }, c ? contact(c, []) : none(t)),
    section(
      t.sections.qualifications,
      ...(input.application.qualifications.length
        ? input.application.qualifications.map((q, i) =>
            h(
              View,
              { key: i, style: s.card, wrap: false },
              fields(t, [
                [
                  f.qualificationType,
                  withOthers(
                    label(e.qualificationTypes, QUALIFICATION_TYPES, q.qualificationType),
                    q.qualificationType === QUALIFICATION_OTHERS,
                    q.others,
                  ),
                ],
                [f.yearOfExam, q.yearOfExam],
                [f.nameOfExamination, q.nameOfExamination],
                [f.nameOfInstitution, q.nameOfInstitution],
                [f.result, q.result],
                [f.certificate, fileName(q.certFileName)],
                [f.transcript, fileName(q.transcriptFileName)],
              ]),
            ),
          )
        : [none(t)]),
    ),
    section(
      t.sections.languages,
      ...(input.application.languages.length
        ? input.application.languages.map((l, i) =>
            h(
              View,
              { key: i, style: s.card, wrap: false },
              fields(t, [
                [
                  f.languageType,
                  withOthers(
                    label(e.languageTypes, LANGUAGE_TYPES, l.languageType),
                    l.languageType === LANGUAGE_OTHERS,
                    l.others,
                  ),
                ],
                [f.yearOfExam, l.yearOfExam],
                [f.result, l.result],
                [f.certificate, fileName(l.certFileName)],
              ]),
            ),
          )
        : [none(t)]),
    ),
    section(
      t.sections.experience,
      input.application.experiences.length
        ? table(
            t,
            [f.company, f.position, f.from, f.to],
            input.application.experiences.map((x) => [
              x.company,
              x.position,
              day(x.from),
              day(x.to) ?? t.values.present,
            ]),
          )
        : none(t),
    ),
    section(
      { title: t.sections.otherInfo, keep: true },
      o
        ? fields(t, [
            [f.heardAbout, sources.join(', '), true],
            [f.agentId, o.agentId],
            [f.otherInfoDetails, o.otherInfoDetails, true],
          ])
        : none(t),
    ),
    section(
      t.sections.documents,
      input.application.documents.length
        ? table(
            t,
            [f.documentType, f.fileName],
            input.application.documents.map((d) => [
              (e.documentTypes as Record<string, string>)[String(d.documentTypeId)] ?? d.documentTypeName,
              d.fileName,
            ]),
          )
        : none(t),
    ),
  ];

  const footer = h(
    View,
    { style: s.footer, fixed: true },
    h(Text, null, `${t.title} · ${fullName}`),
    h(Text, {
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        formatMessage(t.page, { page: pageNumber, pages: totalPages }),
    }),
  );

  return h<DocumentProps>(
    Document,
    { title: `${fullName} ${t.title}`, language: input.language, creator: 'UniApply', producer: 'UniApply' },
    h(Page, { size: 'A4', style: s.page }, ...body, footer),
  );
}
