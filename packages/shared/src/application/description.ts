import { deadlineText, type TChosenIntake } from '../catalogue/intake-display.js';
import {
  COUNTRIES,
  GENDERS,
  LANGUAGE_OTHERS,
  LANGUAGE_TYPES,
  QUALIFICATION_OTHERS,
  QUALIFICATION_TYPES,
  RELATIONSHIP_OTHER,
  RELATIONSHIPS,
  type TAppLanguage,
} from '../enums.js';
import { DEFAULT_TIME_ZONE, formatDate } from '../format.js';
import { OTHER_INFO_SOURCES } from '../students/records.js';
import { documentTypeKey } from './document-types.js';
import type { TWizardStepId } from './messages.js';
import { joinPassport } from './passport.js';
import type { TApplication } from './review.js';

// The one description of an application (issue 19): its sections in step order and each section's
// fields in form order, with the i18n key of every label and how every value is shown. The
// wizard's review step, the admin's record and the PDF are all drawn from it, through
// showApplication below: a new field of the application is one entry here.

/** What the description reads: the saved steps 1 to 8 (the review's and the PDF's data). */
export type TDescribedApplication = Pick<
  TApplication,
  | 'studentInfo'
  | 'guardian'
  | 'emergencyContact'
  | 'qualifications'
  | 'languages'
  | 'experiences'
  | 'otherInfo'
> &
  /** Step 8's referees (issue 21 item 4); a reader without them shows the list as empty. */
  Partial<Pick<TApplication, 'referees'>> & {
    /** `documentTypeName`: the stored name, which names a type an admin added (not one of the four). */
    documents: readonly {
      documentTypeId: number;
      documentTypeName?: string | null;
      docPath: string | null;
    }[];
    /**
     * Step 9's courses, each with the intake applied to (issue 21): the review's selected courses,
     * the admin record's and the PDF's one course. Without it the section is not shown.
     */
    courses?: readonly TDescribedCourse[];
  };

/** A chosen course as the description shows it: course, university and the intake (or none). */
export type TDescribedCourse = {
  university: { name: string };
  course: { name: string };
  intake: TChosenIntake | null;
};

type TRecord = Record<string, unknown>;

/** How a value is shown. */
export type TShowAs =
  /** One line of the student's own text (or a number), as typed. */
  | { as: 'text' }
  /** Several lines of the student's own text, given the full width. */
  | { as: 'longText' }
  /** An ISO date; a blank one shows `blankKey`'s text when given (experience's 'Present'). */
  | { as: 'date'; blankKey?: string }
  /**
   * A stored index or id, shown as the label key `labelKey(value)` gives; when it gives null, the
   * record's `nameKey` value (a stored name), else the raw value.
   */
  | { as: 'enum'; labelKey: (value: number) => string | null; nameKey?: string }
  /** Several chosen options (`value` gives their names), each shown by its label key. */
  | { as: 'choices'; labelKey: (option: string) => string }
  /** A stored file's id; each renderer shows a file its own way (a name, a download, 'Uploaded'). */
  | { as: 'file' }
  /** An instant (a deadline): a line per zone, each naming its zone (deadlineText, issue 21). */
  | { as: 'deadline' };

export type TDescribedField = {
  /** A stable name, for React keys and tests. */
  name: string;
  labelKey: string;
  /** The step schema's keys this field shows, in form order (a test checks every key is shown). */
  keys: readonly string[];
  show: TShowAs;
  /** The value, when it is not the record's `keys[0]`. */
  value?: (record: TRecord) => unknown;
  /** A conditional field ('Please specify' after Others): shown only when this holds. */
  when?: (record: TRecord) => boolean;
};

type TListSource = 'qualifications' | 'languages' | 'experiences' | 'documents' | 'referees' | 'courses';
type TRecordSource = 'studentInfo' | 'guardian' | 'emergencyContact' | 'otherInfo';

export type TDescribedSection = {
  /** The wizard step the section belongs to; its title is the step's label. */
  id: TWizardStepId;
  /** A second part of a step (step 8's referees) names itself and has its own title. */
  key?: 'referees';
  titleKey: `wizard:steps.${TWizardStepId}` | 'wizard:referees.title';
  fields: readonly TDescribedField[];
} & ({ list: false; source: TRecordSource } | { list: true; source: TListSource });

/** The namespaces a web screen loads to show the description's label keys. */
export const DESCRIPTION_NAMESPACES = [
  'wizard',
  'wizardForm',
  'enums',
  'applicationForms',
  'common',
] as const;

const enumOf =
  (list: readonly string[], group: string) =>
  (value: number): string | null =>
    list[value] ? `enums:${group}.${list[value]}` : null;

const field = (
  name: string,
  show: TShowAs = { as: 'text' },
  extra: Partial<Pick<TDescribedField, 'keys' | 'value' | 'when' | 'labelKey'>> = {},
): TDescribedField => ({ name, labelKey: `wizard:fields.${name}`, keys: [name], show, ...extra });

/** The label of the free text an Other(s) choice asks for, as the steps label it. */
const PLEASE_SPECIFY = 'wizardForm:pleaseSpecify';

/** 'Please specify': the free text shown only when the Other(s) choice `typeKey` holds is made. */
const othersWhen = (typeKey: string, otherValue: number) =>
  field('others', { as: 'text' }, { when: (r) => r[typeKey] === otherValue, labelKey: PLEASE_SPECIFY });

const name = [field('firstName'), field('middleName'), field('lastName')];
const relationship = [
  field('relationship', { as: 'enum', labelKey: enumOf(RELATIONSHIPS, 'relationships') }),
  othersWhen('relationship', RELATIONSHIP_OTHER),
];
const phones = [field('phoneNumber'), field('mobileNumber')];

/** The sources ticked in step 8: the nine flags, then Agent (an agent id) and Others. */
const heardAbout = (o: TRecord) => [
  ...OTHER_INFO_SOURCES.filter((k) => o[k] === true),
  ...(typeof o.agentId === 'number' && o.agentId > 0 ? ['agent'] : []),
  ...(o.others === true ? ['others'] : []),
];

const hasIntake = (r: TRecord) => r.intake != null;
const intakeOf = (r: TRecord) => (r.intake ?? {}) as Partial<TChosenIntake>;

/**
 * Step 9 (issue 21): each chosen course with its university and, for a course with intakes, the
 * intake applied to: its start date and its deadlines in Malaysia's and Tashkent's time (and the
 * reader's own zone on screen when it differs).
 */
const COURSES_SECTION: TDescribedSection = {
  id: 'courses',
  titleKey: 'wizard:steps.courses',
  list: true,
  source: 'courses',
  fields: [
    field(
      'course',
      { as: 'text' },
      { labelKey: 'applicationForms:fields.course', value: (r) => (r.course as { name: string }).name },
    ),
    field(
      'university',
      { as: 'text' },
      {
        labelKey: 'applicationForms:fields.university',
        value: (r) => (r.university as { name: string }).name,
      },
    ),
    field(
      'intakeStart',
      { as: 'date' },
      {
        keys: ['intakeId'],
        labelKey: 'common:intakes.startDate',
        when: hasIntake,
        value: (r) => intakeOf(r).startDate,
      },
    ),
    field(
      'applicationDeadline',
      { as: 'deadline' },
      { labelKey: 'common:intakes.deadline', when: hasIntake, value: (r) => intakeOf(r).applicationDeadline },
    ),
    field(
      'lateDeadline',
      { as: 'deadline' },
      {
        labelKey: 'common:intakes.lateDeadline',
        when: (r) => intakeOf(r).lateDeadline != null,
        value: (r) => intakeOf(r).lateDeadline,
      },
    ),
  ],
};

export const APPLICATION_DESCRIPTION: readonly TDescribedSection[] = [
  {
    id: 'personal',
    titleKey: 'wizard:steps.personal',
    list: false,
    source: 'studentInfo',
    fields: [
      ...name,
      field(
        'passport',
        { as: 'text' },
        {
          keys: ['passportSeries', 'passportNumber'],
          value: (r) => joinPassport(r as { passportSeries: string; passportNumber: string }),
        },
      ),
      field('race'),
      field('email'),
      ...phones,
      field('dateOfBirth', { as: 'date' }),
      field('postCode'),
      field('address', { as: 'longText' }),
      field('city'),
      field('gender', { as: 'enum', labelKey: enumOf(GENDERS, 'genders') }),
      field('country', { as: 'enum', labelKey: enumOf(COUNTRIES, 'countries') }),
    ],
  },
  {
    id: 'guardian',
    titleKey: 'wizard:steps.guardian',
    list: false,
    source: 'guardian',
    fields: [
      ...name,
      field('occupation'),
      ...phones,
      field('email'),
      ...relationship,
      field('address', { as: 'longText' }),
    ],
  },
  {
    id: 'emergencyContact',
    titleKey: 'wizard:steps.emergencyContact',
    list: false,
    source: 'emergencyContact',
    fields: [...name, ...phones, ...relationship],
  },
  {
    id: 'qualifications',
    titleKey: 'wizard:steps.qualifications',
    list: true,
    source: 'qualifications',
    fields: [
      field('qualificationType', { as: 'enum', labelKey: enumOf(QUALIFICATION_TYPES, 'qualificationTypes') }),
      othersWhen('qualificationType', QUALIFICATION_OTHERS),
      field('yearOfExam'),
      field('nameOfExamination'),
      field('nameOfInstitution'),
      field('result'),
      field('certificate', { as: 'file' }, { keys: ['certFileName'] }),
      field('transcript', { as: 'file' }, { keys: ['transcriptFileName'] }),
    ],
  },
  {
    id: 'languages',
    titleKey: 'wizard:steps.languages',
    list: true,
    source: 'languages',
    fields: [
      field('languageType', { as: 'enum', labelKey: enumOf(LANGUAGE_TYPES, 'languageTypes') }),
      othersWhen('languageType', LANGUAGE_OTHERS),
      field('result'),
      field('yearOfExam'),
      field('certificate', { as: 'file' }, { keys: ['certFileName'] }),
    ],
  },
  {
    id: 'experience',
    titleKey: 'wizard:steps.experience',
    list: true,
    source: 'experiences',
    fields: [
      field('company'),
      field('position'),
      field('from', { as: 'date' }),
      // "I still work here" leaves `to` empty: it shows as 'Present'.
      field('to', { as: 'date', blankKey: 'wizard:experience.present' }, { keys: ['stillWorking', 'to'] }),
    ],
  },
  {
    id: 'documents',
    titleKey: 'wizard:steps.documents',
    list: true,
    source: 'documents',
    fields: [
      field(
        'documentType',
        { as: 'enum', labelKey: documentTypeKey, nameKey: 'documentTypeName' },
        { keys: ['documentTypeId'], labelKey: 'applicationForms:documentType' },
      ),
      field('file', { as: 'file' }, { keys: ['docPath'], labelKey: 'applicationForms:fileName' }),
    ],
  },
  {
    id: 'otherInfo',
    titleKey: 'wizard:steps.otherInfo',
    list: false,
    source: 'otherInfo',
    fields: [
      field(
        'heardAbout',
        { as: 'choices', labelKey: (k) => `wizardForm:sources.${k}` },
        {
          keys: [...OTHER_INFO_SOURCES, 'agent', 'others'],
          labelKey: 'wizardForm:heardAboutUs',
          value: heardAbout,
        },
      ),
      field('agentId', { as: 'text' }, { when: (r) => typeof r.agentId === 'number' && r.agentId > 0 }),
      field(
        'otherInfoDetails',
        { as: 'longText' },
        { when: (r) => r.others === true, labelKey: PLEASE_SPECIFY },
      ),
      field('personalStatement', { as: 'longText' }),
    ],
  },
  {
    // Beside the personal statement in step 8 (issue 21 item 4): up to two, as entry cards.
    id: 'otherInfo',
    key: 'referees',
    titleKey: 'wizard:referees.title',
    list: true,
    source: 'referees',
    fields: [
      field('fullName'),
      field('relationship', { as: 'text' }, { labelKey: 'wizard:fields.refereeRelationship' }),
      field('email'),
      field('institution'),
    ],
  },
  COURSES_SECTION,
];

/**
 * Translates a label key (`namespace:path`): the web's `t`, or the server's catalogue reader;
 * `params` for the few texts that take them (a reader's own zone: "your time ({{zone}})").
 */
export type TTranslate = (key: string, params?: Record<string, unknown>) => string;

/** A value ready to draw: text (blank: nothing given) or a stored file's id (null: none). */
export type TShownValue =
  | { kind: 'text'; text: string; long: boolean }
  | { kind: 'file'; fileId: string | null };
export type TShownField = { name: string; label: string; value: TShownValue };
export type TShownSection = {
  id: TWizardStepId;
  /** Unique among the sections (a step's id, or its second part's key): for React keys and tabs. */
  key: string;
  title: string;
  list: boolean;
  /** One entry for a record, one per item for a list; none when nothing is saved. */
  entries: TShownField[][];
  /** What to show when there are no entries ('Not given' for a record, 'None' for a list). */
  emptyText: string;
};

/**
 * A date as shown everywhere the application is drawn: the one place dates pass, to be pointed at
 * the shared date formatter.
 */
export function showDate(iso: string, language: TAppLanguage = 'en', timeZone = DEFAULT_TIME_ZONE): string {
  return formatDate(iso, language, timeZone);
}

const isBlankValue = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** How the described application is shown: the reader's language and, on screen, their own zone. */
export type TShowOptions = { language?: TAppLanguage; readerZone?: string };

function showValue(f: TDescribedField, record: TRecord, t: TTranslate, options: TShowOptions): TShownValue {
  const { language, readerZone } = options;
  const raw = f.value ? f.value(record) : record[f.keys[0] as string];
  const text = (value: string, long = false): TShownValue => ({ kind: 'text', text: value, long });
  switch (f.show.as) {
    case 'deadline':
      // Every application is an applicant's: Malaysia's and Tashkent's time (issue 21).
      return text(isBlankValue(raw) ? '' : deadlineText(String(raw), language ?? 'en', t, { readerZone }));
    case 'file':
      return { kind: 'file', fileId: isBlankValue(raw) ? null : String(raw) };
    case 'date':
      if (isBlankValue(raw)) return text(f.show.blankKey ? t(f.show.blankKey) : '');
      return text(showDate(String(raw), language));
    case 'enum': {
      if (isBlankValue(raw)) return text('');
      const key = f.show.labelKey(Number(raw));
      if (key) return text(t(key));
      const name = f.show.nameKey ? record[f.show.nameKey] : null;
      return text(String(isBlankValue(name) ? raw : name));
    }
    case 'choices': {
      const { labelKey } = f.show;
      return text((raw as string[]).map((option) => t(labelKey(option))).join(', '));
    }
    case 'longText':
      return text(isBlankValue(raw) ? '' : String(raw), true);
    default:
      return text(isBlankValue(raw) ? '' : String(raw));
  }
}

/** One record's shown fields: its conditional fields only when their condition holds. */
function showRecord(section: TDescribedSection, record: TRecord, t: TTranslate, options: TShowOptions) {
  return section.fields
    .filter((f) => !f.when || f.when(record))
    .map((f) => ({ name: f.name, label: t(f.labelKey), value: showValue(f, record, t, options) }));
}

/** The application as the description shows it, labels and enum values in `t`'s language. */
export function showApplication(
  application: TDescribedApplication,
  t: TTranslate,
  language?: TAppLanguage,
  { readerZone }: Pick<TShowOptions, 'readerZone'> = {},
): TShownSection[] {
  // The courses are shown only where the caller gives them (the review, the record, the PDF);
  // another list the caller leaves out (a reader without referees) shows as empty.
  const given = APPLICATION_DESCRIPTION.filter(
    (section) => section.source !== 'courses' || application.courses !== undefined,
  );
  return given.map((section) => {
    const data = application[section.source] as TRecord | readonly TRecord[] | null | undefined;
    const records = section.list ? ((data ?? []) as readonly TRecord[]) : data ? [data as TRecord] : [];
    return {
      id: section.id,
      key: section.key ?? section.id,
      title: t(section.titleKey),
      list: section.list,
      entries: records.map((r) => showRecord(section, r, t, { language, readerZone })),
      emptyText: t(section.list ? 'applicationForms:none' : 'applicationForms:notGiven'),
    };
  });
}
