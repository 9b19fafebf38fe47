import {
  Badge,
  CloseButton,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TApplicationStatus,
  TCondition,
  TCourseChoice,
  TFilter,
  TIntakeAvailability,
  TNamed,
  TReaderCurrency,
  TUniversityCourse,
} from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDate, useIntakeAvailability } from '../../components/intakes';
import { CurrencySelect } from '../../components/prices/currency-select';
import { priceTexts } from '../../components/prices/price-with-conversion';
import { usePriceConversion } from '../../components/prices/use-price-conversion';
import { currentLanguage } from '../../lib/i18n';
import { resourceKeys, resources } from '../../lib/resources';
import {
  choiceKey,
  PickerRow,
  rememberChoice,
  STATUS_BADGE_COLOR,
  type TChoiceLabels,
  type TChooseHandler,
  toChoices,
} from './course-choice';
import { ErrorSummary, WIZARD_NAMESPACES } from './step-fields';
import type { TStepForm } from './step-form';

/** Spec 2.4 and DESIGN 6: 9 courses a page, and the page count from 9 too. */
export const COURSE_PICKER_PAGE_SIZE = 9;
/** Spec 2.4: the picker opens filtered on level 1. */
const INITIAL_LEVEL = 1;

type TPickerFilter = {
  name: string;
  universityId: number | null;
  levelId: number | null;
  categoryId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
};

const invertedRange = (f: TPickerFilter) =>
  f.minPrice !== null && f.maxPrice !== null && f.minPrice > f.maxPrice;

/**
 * Spec 2.5: course name LIKE, university EQ, level EQ, price BETWEEN, category EQ; the price range
 * on the price in the reader's currency (issue 20 item 1), and never an inverted one (the form
 * says why instead).
 */
export function pickerFilter(f: TPickerFilter, currency: TReaderCurrency): TFilter {
  const conditions: TCondition[] = [];
  if (f.name.trim()) conditions.push({ field: 'course.name', operator: 'LIKE', value: f.name.trim() });
  if (f.universityId) conditions.push({ field: 'university.id', operator: 'EQ', value: f.universityId });
  if (f.levelId) conditions.push({ field: 'course.level.id', operator: 'EQ', value: f.levelId });
  if (f.categoryId) conditions.push({ field: 'course.category.id', operator: 'EQ', value: f.categoryId });
  if ((f.minPrice !== null || f.maxPrice !== null) && !invertedRange(f))
    conditions.push({ field: `priceIn.${currency}`, operator: 'BETWEEN', value: [f.minPrice, f.maxPrice] });
  return { operator: 'AND', conditions, groups: [] };
}

function usePicklist(base: string) {
  return useQuery({
    queryKey: resourceKeys.allRows(base),
    queryFn: ({ signal }) => resources.getAll<TNamed>(base, { signal }),
    staleTime: 5 * 60_000,
  });
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : null);

type TPrices = ReturnType<typeof usePriceConversion>;

/** The picker's filter, its page and the page of courses it shows. */
function useCoursePicker(currency: TReaderCurrency) {
  const [filter, setFilter] = useState<TPickerFilter>({
    name: '',
    universityId: null,
    levelId: INITIAL_LEVEL,
    categoryId: null,
    minPrice: null,
    maxPrice: null,
  });
  const [page, setPage] = useState(1);
  // Typing in the name or a price asks once the user pauses, not at every key.
  const [settled] = useDebouncedValue(filter, 300);
  const request = {
    filter: pickerFilter(settled, currency),
    page: page - 1,
    pageSize: COURSE_PICKER_PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: resourceKeys.list('UniversityCourse', request),
    queryFn: ({ signal }) =>
      resources.getListByPage<TUniversityCourse>('UniversityCourse', request, { signal }),
    placeholderData: keepPreviousData,
  });
  const update = (patch: Partial<TPickerFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((list.data?.totalRows ?? 0) / COURSE_PICKER_PAGE_SIZE));
  return { filter, update, page, setPage, pages, list };
}

/**
 * Step 9: a filterable, paged multi-select. Selections survive paging and filtering (they live in
 * the form); courses submitted by a confirm show their application's status and cannot be removed.
 * Each course shows its fee in its own currency with its duration and, beside it, the fee in the
 * reader's currency with the rate's date (issue 20 item 1); a course with intakes its next intake,
 * and once chosen the intake to apply to, each one that cannot be chosen saying why (issue 21).
 */
export function CoursesStep({
  form,
  statuses,
  labels,
}: {
  form: TStepForm;
  /** The submitted choices (by choiceKey) with their application's status (the pipeline's). */
  statuses: ReadonlyMap<string, TApplicationStatus>;
  /** The saved choices' names (by university course id) and intakes' start dates (by intake id). */
  labels: TChoiceLabels;
}) {
  const { t } = useTranslation([...WIZARD_NAMESPACES, 'status', 'prices']);
  const prices = usePriceConversion();
  const picker = useCoursePicker(prices.currency);
  const rows = picker.list.data?.result;
  const intakes = useIntakeAvailability((rows ?? []).map((r) => r.id));
  const [seen, setSeen] = useState<TChoiceLabels>(() => labels);
  const selected = toChoices(form.values.courses);
  const choose = (row: TUniversityCourse, next: TCourseChoice[], intake?: TIntakeAvailability) => {
    setSeen((m) => rememberChoice(m, row, intake));
    form.set('courses', next);
  };

  return (
    <Stack gap="sm">
      <ErrorSummary form={form} />
      <PickerFilters filter={picker.filter} update={picker.update} prices={prices} />
      <PickerResults
        rows={rows}
        intakes={intakes.byCourse}
        intakesSettled={intakes.settled}
        selected={selected}
        locked={statuses}
        onChoose={choose}
        prices={prices}
      />
      <Pagination
        total={picker.pages}
        value={picker.page}
        onChange={picker.setPage}
        size="sm"
        aria-label={t('wizardForm:courses.pages')}
        getItemProps={(p) => ({ 'aria-label': t('wizardForm:courses.pager.page', { page: p }) })}
        getControlProps={(control) => ({ 'aria-label': t(`wizardForm:courses.pager.${control}`) })}
      />
      <SelectedCourses
        selected={selected}
        statuses={statuses}
        seen={seen}
        onRemove={(key) =>
          form.set(
            'courses',
            selected.filter((c) => choiceKey(c) !== key),
          )
        }
      />
    </Stack>
  );
}

function PickerFilters({
  filter,
  update,
  prices,
}: {
  filter: TPickerFilter;
  update: (patch: Partial<TPickerFilter>) => void;
  prices: TPrices;
}) {
  const { t } = useTranslation([...WIZARD_NAMESPACES, 'prices']);
  const universities = usePicklist('University');
  const levels = usePicklist('CourseLevel');
  const categories = usePicklist('CourseCategory');
  const options = (rows: TNamed[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const choice = (key: 'universityId' | 'levelId' | 'categoryId') => ({
    value: filter[key] ? String(filter[key]) : null,
    onChange: (v: string | null) => update({ [key]: v ? Number(v) : null }),
    clearable: true,
  });
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TextInput
          label={t('wizardForm:courses.name')}
          value={filter.name}
          onChange={(e) => update({ name: e.currentTarget.value })}
        />
        <Select
          label={t('wizardForm:courses.university')}
          data={options(universities.data)}
          searchable
          {...choice('universityId')}
        />
        <Select label={t('wizardForm:courses.level')} data={options(levels.data)} {...choice('levelId')} />
        <Select
          label={t('wizardForm:courses.category')}
          data={options(categories.data)}
          {...choice('categoryId')}
        />
        <NumberInput
          label={`${t('wizardForm:courses.minPrice')} (${prices.currency})`}
          value={filter.minPrice ?? ''}
          min={0}
          onChange={(v) => update({ minPrice: toNumber(v) })}
        />
        <NumberInput
          label={`${t('wizardForm:courses.maxPrice')} (${prices.currency})`}
          value={filter.maxPrice ?? ''}
          min={0}
          onChange={(v) => update({ maxPrice: toNumber(v) })}
          error={invertedRange(filter) ? t('prices:invertedRange') : undefined}
        />
        <CurrencySelect value={prices.currency} onChange={prices.setCurrency} />
      </SimpleGrid>
    </Paper>
  );
}

function PickerResults({
  rows,
  intakes,
  intakesSettled,
  selected,
  locked,
  onChoose,
  prices,
}: {
  rows: TUniversityCourse[] | undefined;
  intakes: ReadonlyMap<number, TIntakeAvailability[]>;
  intakesSettled: boolean;
  selected: TCourseChoice[];
  locked: ReadonlyMap<string, TApplicationStatus>;
  onChoose: TChooseHandler;
  prices: TPrices;
}) {
  const { t, i18n } = useTranslation([...WIZARD_NAMESPACES, 'prices']);
  const language = currentLanguage(i18n);
  // The course is the checkbox's name; its fee (own currency and duration, then the reader's
  // amount with the rate's date) the line below, its description.
  const fee = (row: TUniversityCourse) => {
    const price = priceTexts(t, language, {
      price: row.price,
      currencyIndex: row.currency,
      converted: prices.convert(row.price, row.currency),
      duration: row.duration,
    });
    return price.converted ? `${price.own} · ${price.converted}` : price.own;
  };
  return (
    <Stack
      gap={4}
      aria-label={t('wizardForm:courses.results')}
      role="group"
      id="wizard-field-courses"
      tabIndex={-1}
    >
      {rows?.length === 0 && <Text c="dimmed">{t('wizardForm:courses.none')}</Text>}
      {rows?.map((row) => (
        <PickerRow
          key={row.id}
          row={row}
          description={fee(row)}
          intakes={intakes.get(row.id) ?? []}
          intakesSettled={intakesSettled}
          selected={selected}
          locked={locked}
          onChoose={onChoose}
        />
      ))}
    </Stack>
  );
}

function SelectedCourses({
  selected,
  statuses,
  seen,
  onRemove,
}: {
  selected: TCourseChoice[];
  statuses: ReadonlyMap<string, TApplicationStatus>;
  seen: TChoiceLabels;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation([...WIZARD_NAMESPACES, 'status', 'common']);
  const nameOf = (c: TCourseChoice) => {
    const name = seen.courses.get(c.universityCourseId) ?? `#${c.universityCourseId}`;
    const start = c.intakeId === null ? undefined : seen.intakes.get(c.intakeId);
    return start
      ? `${name} · ${t('common:intakes.starts', { date: calendarDate(start, i18n.language) })}`
      : name;
  };
  return (
    <>
      <Text fw={600}>{t('wizardForm:courses.selected', { count: selected.length })}</Text>
      <Group gap="xs">
        {selected.map((c) => {
          const key = choiceKey(c);
          const status = statuses.get(key);
          return status ? (
            <Badge key={key} color={STATUS_BADGE_COLOR(status)} tt="none">
              {nameOf(c)} · {t(`status:labels.${status}`)}
            </Badge>
          ) : (
            <Badge
              key={key}
              variant="outline"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('wizardForm:courses.remove', { name: nameOf(c) })}
                  onClick={() => onRemove(key)}
                />
              }
            >
              {nameOf(c)}
            </Badge>
          );
        })}
      </Group>
    </>
  );
}
