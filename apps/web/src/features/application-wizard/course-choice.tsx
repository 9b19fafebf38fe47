import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import {
  isChoosable,
  nextChoosable,
  type TApplicationStatus,
  type TCourseChoice,
  type TIntakeAvailability,
  type TUniversityCourse,
  ZCourseChoice,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { calendarDate, IntakeFacts, IntakeStateBadge } from '../../components/intakes';
import { WIZARD_NAMESPACES } from './step-fields';

// One course of the step 9 picker with its intakes (issue 21 item 3): a course without intakes is
// one checkbox, as before; a course with intakes shows its next intake, and once ticked the intakes
// to choose from, one at a time, each that cannot be chosen (closed, full, past) saying why.

/** A closed application (withdrawn, rejected) is grey; every other status keeps the submitted teal. */
export const STATUS_BADGE_COLOR = (status: TApplicationStatus) =>
  status === 'withdrawn' || status === 'rejected' ? 'gray.7' : 'teal.9';

/** One choice's key: the course and the intake (none: a course without intakes). */
export const choiceKey = (c: TCourseChoice) => `${c.universityCourseId}:${c.intakeId ?? ''}`;

/** The step's value as choices: a bare id (a draft saved before intakes) is a course without one. */
export function toChoices(value: unknown): TCourseChoice[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = ZCourseChoice.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The names the selected list shows: courses by university course id, intakes' start dates by id. */
export type TChoiceLabels = { courses: ReadonlyMap<number, string>; intakes: ReadonlyMap<number, string> };

export function rememberChoice(
  labels: TChoiceLabels,
  row: TUniversityCourse,
  intake?: Pick<TIntakeAvailability, 'id' | 'startDate'>,
): TChoiceLabels {
  const courses = new Map(labels.courses).set(row.id, `${row.course.name} — ${row.university.name}`);
  const intakes = intake ? new Map(labels.intakes).set(intake.id, intake.startDate) : labels.intakes;
  return { courses, intakes };
}

export type TChooseHandler = (
  row: TUniversityCourse,
  next: TCourseChoice[],
  intake?: TIntakeAvailability,
) => void;

type TRowProps = {
  row: TUniversityCourse;
  description: string;
  intakes: TIntakeAvailability[];
  /** False until the listed courses' intakes have answered: ticking then would choose no intake. */
  intakesSettled: boolean;
  selected: TCourseChoice[];
  locked: ReadonlyMap<string, TApplicationStatus>;
  onChoose: TChooseHandler;
};

export function PickerRow({
  row,
  description,
  intakes,
  intakesSettled,
  selected,
  locked,
  onChoose,
}: TRowProps) {
  const { t } = useTranslation([...WIZARD_NAMESPACES, 'common']);
  const mine = selected.filter((c) => c.universityCourseId === row.id);
  const isLocked = (c: TCourseChoice) => locked.has(choiceKey(c));
  const open = mine.find((c) => !isLocked(c));
  const others = selected.filter((c) => c.universityCourseId !== row.id || isLocked(c));
  const next = nextChoosable(intakes);
  const hasIntakes = intakes.length > 0;
  const submitted = mine.some(isLocked);
  const waiting = !intakesSettled && !mine.length;
  const toggle = (on: boolean) => {
    if (!on) return onChoose(row, others);
    onChoose(
      row,
      [...others, { universityCourseId: row.id, intakeId: hasIntakes ? (next?.id ?? null) : null }],
      next,
    );
  };
  return (
    <Stack gap={6} py={4}>
      <Checkbox
        checked={mine.length > 0}
        disabled={(submitted && !open) || (!mine.length && hasIntakes && !next) || waiting}
        onChange={(e) => toggle(e.currentTarget.checked)}
        label={`${row.course.name} — ${row.university.name} (${row.course.level.name})`}
        description={description}
      />
      {waiting ? (
        <Text size="xs" c="dimmed" pl={32}>
          {t('common:intakes.looking')}
        </Text>
      ) : null}
      {hasIntakes && !submitted && !waiting ? (
        <Stack gap={4} pl={32}>
          {open ? (
            <IntakeChoice
              row={row}
              intakes={intakes}
              value={open.intakeId}
              onChange={(intake) =>
                onChoose(row, [...others, { universityCourseId: row.id, intakeId: intake.id }], intake)
              }
            />
          ) : (
            <NextIntake intakes={intakes} next={next} />
          )}
        </Stack>
      ) : null}
      {hasIntakes && !next && !submitted && !open && !waiting ? (
        <Text size="xs" c="dimmed" pl={32}>
          {t('common:intakes.noChoosable')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Before the course is ticked: its next intake, or each intake with why it cannot be chosen. */
function NextIntake({ intakes, next }: { intakes: TIntakeAvailability[]; next?: TIntakeAvailability }) {
  const { t, i18n } = useTranslation('common');
  if (next)
    return (
      <>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t('intakes.nextIntake')}
        </Text>
        <IntakeFacts intake={next} />
      </>
    );
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {intakes.map((i) => (
        <Text key={i.id} component="li" size="sm">
          {t('intakes.starts', { date: calendarDate(i.startDate, i18n.language) })}{' '}
          <IntakeStateBadge intake={i} />
        </Text>
      ))}
    </Stack>
  );
}

/** Once ticked: one intake of the course, those that cannot be chosen disabled with the reason. */
function IntakeChoice({
  row,
  intakes,
  value,
  onChange,
}: {
  row: TUniversityCourse;
  intakes: TIntakeAvailability[];
  value: number | null;
  onChange: (intake: TIntakeAvailability) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const label = (i: TIntakeAvailability) => {
    const starts = t('intakes.starts', { date: calendarDate(i.startDate, i18n.language) });
    if (!isChoosable(i.state))
      return `${starts} — ${t('intakes.why', { reason: t(`intakeStates.${i.state}`) })}`;
    return i.state === 'late' ? `${starts} — ${t('intakeStates.late')}` : starts;
  };
  return (
    <Radio.Group
      name={`intake-${row.id}`}
      label={t('intakes.chooseIntake')}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        const intake = intakes.find((i) => String(i.id) === v);
        if (intake) onChange(intake);
      }}
    >
      <Stack gap="xs" mt={4}>
        {intakes.map((i) => (
          <Radio
            key={i.id}
            value={String(i.id)}
            disabled={!isChoosable(i.state)}
            label={label(i)}
            description={<IntakeFacts intake={i} withTitle={false} />}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
