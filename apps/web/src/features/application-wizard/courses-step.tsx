import {
  Badge,
  Checkbox,
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
import type { TApplicationStatus, TCondition, TFilter, TNamed, TUniversityCourse } from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys, resources } from '../../lib/resources';
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

/** Spec 2.5: course name LIKE, university EQ, level EQ, price BETWEEN, category EQ. */
export function pickerFilter(f: TPickerFilter): TFilter {
  const conditions: TCondition[] = [];
  if (f.name.trim()) conditions.push({ field: 'course.name', operator: 'LIKE', value: f.name.trim() });
  if (f.universityId) conditions.push({ field: 'university.id', operator: 'EQ', value: f.universityId });
  if (f.levelId) conditions.push({ field: 'course.level.id', operator: 'EQ', value: f.levelId });
  if (f.categoryId) conditions.push({ field: 'course.category.id', operator: 'EQ', value: f.categoryId });
  if (f.minPrice !== null || f.maxPrice !== null)
    conditions.push({ field: 'price', operator: 'BETWEEN', value: [f.minPrice, f.maxPrice] });
  return { operator: 'AND', conditions, groups: [] };
}

function usePicklist(base: string) {
  return useQuery({
    queryKey: resourceKeys.allRows(base),
    queryFn: ({ signal }) => resources.getAll<TNamed>(base, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A closed application (withdrawn, rejected) is grey; every other status keeps the submitted teal. */
const STATUS_BADGE_COLOR = (status: TApplicationStatus) =>
  status === 'withdrawn' || status === 'rejected' ? 'gray.7' : 'teal.9';

const toNumber = (v: string | number) => (typeof v === 'number' ? v : null);

export type TCourseLabel = { id: number; label: string };

/**
 * Step 9: a filterable, paged multi-select. Selections survive paging and filtering (they live in
 * the form); courses submitted by a confirm show their application's status and cannot be removed.
 */
export function CoursesStep({
  form,
  statuses,
  labels,
}: {
  form: TStepForm;
  /** The submitted courses (by university course) with their application's status (the pipeline's). */
  statuses: ReadonlyMap<number, TApplicationStatus>;
  labels: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation([...WIZARD_NAMESPACES, 'status']);
  const [filter, setFilter] = useState<TPickerFilter>({
    name: '',
    universityId: null,
    levelId: INITIAL_LEVEL,
    categoryId: null,
    minPrice: null,
    maxPrice: null,
  });
  const [page, setPage] = useState(1);
  const [seen, setSeen] = useState<Map<number, string>>(() => new Map(labels));
  // Typing in the name or a price asks once the user pauses, not at every key.
  const [settled] = useDebouncedValue(filter, 300);
  const request = { filter: pickerFilter(settled), page: page - 1, pageSize: COURSE_PICKER_PAGE_SIZE };
  const list = useQuery({
    queryKey: resourceKeys.list('UniversityCourse', request),
    queryFn: ({ signal }) =>
      resources.getListByPage<TUniversityCourse>('UniversityCourse', request, { signal }),
    placeholderData: keepPreviousData,
  });
  const universities = usePicklist('University');
  const levels = usePicklist('CourseLevel');
  const categories = usePicklist('CourseCategory');
  const options = (rows: TNamed[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const update = (patch: Partial<TPickerFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const selected = (form.values.courses as number[] | undefined) ?? [];
  const toggle = (row: TUniversityCourse, on: boolean) => {
    setSeen((m) => new Map(m).set(row.id, `${row.course.name} — ${row.university.name}`));
    form.set('courses', on ? [...selected, row.id] : selected.filter((id) => id !== row.id));
  };
  const remove = (id: number) =>
    form.set(
      'courses',
      selected.filter((s) => s !== id),
    );
  const pages = Math.max(1, Math.ceil((list.data?.totalRows ?? 0) / COURSE_PICKER_PAGE_SIZE));

  return (
    <Stack gap="sm">
      <ErrorSummary form={form} />
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
            value={filter.universityId ? String(filter.universityId) : null}
            onChange={(v) => update({ universityId: v ? Number(v) : null })}
            clearable
            searchable
          />
          <Select
            label={t('wizardForm:courses.level')}
            data={options(levels.data)}
            value={filter.levelId ? String(filter.levelId) : null}
            onChange={(v) => update({ levelId: v ? Number(v) : null })}
            clearable
          />
          <Select
            label={t('wizardForm:courses.category')}
            data={options(categories.data)}
            value={filter.categoryId ? String(filter.categoryId) : null}
            onChange={(v) => update({ categoryId: v ? Number(v) : null })}
            clearable
          />
          <NumberInput
            label={t('wizardForm:courses.minPrice')}
            value={filter.minPrice ?? ''}
            min={0}
            onChange={(v) => update({ minPrice: toNumber(v) })}
          />
          <NumberInput
            label={t('wizardForm:courses.maxPrice')}
            value={filter.maxPrice ?? ''}
            min={0}
            onChange={(v) => update({ maxPrice: toNumber(v) })}
          />
        </SimpleGrid>
      </Paper>
      <Stack
        gap={4}
        aria-label={t('wizardForm:courses.results')}
        role="group"
        id="wizard-field-courses"
        tabIndex={-1}
      >
        {list.data?.result.length === 0 && <Text c="dimmed">{t('wizardForm:courses.none')}</Text>}
        {list.data?.result.map((row) => {
          const locked = statuses.has(row.id);
          return (
            <Checkbox
              key={row.id}
              checked={selected.includes(row.id)}
              disabled={locked}
              onChange={(e) => toggle(row, e.currentTarget.checked)}
              label={`${row.course.name} — ${row.university.name} (${row.course.level.name}, ${row.price})`}
            />
          );
        })}
      </Stack>
      <Pagination
        total={pages}
        value={page}
        onChange={setPage}
        size="sm"
        aria-label={t('wizardForm:courses.pages')}
        getItemProps={(p) => ({ 'aria-label': t('wizardForm:courses.pager.page', { page: p }) })}
        getControlProps={(control) => ({ 'aria-label': t(`wizardForm:courses.pager.${control}`) })}
      />
      <Text fw={600}>{t('wizardForm:courses.selected', { count: selected.length })}</Text>
      <Group gap="xs">
        {selected.map((id) =>
          statuses.has(id) ? (
            <Badge key={id} color={STATUS_BADGE_COLOR(statuses.get(id)!)} tt="none">
              {seen.get(id) ?? `#${id}`} · {t(`status:labels.${statuses.get(id)!}`)}
            </Badge>
          ) : (
            <Badge
              key={id}
              variant="outline"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('wizardForm:courses.remove', { name: seen.get(id) ?? `#${id}` })}
                  onClick={() => remove(id)}
                />
              }
            >
              {seen.get(id) ?? `#${id}`}
            </Badge>
          ),
        )}
      </Group>
    </Stack>
  );
}
