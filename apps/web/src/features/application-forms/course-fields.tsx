import { NumberInput, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CURRENCIES } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import type { TCustomFieldProps } from '../../components/crud/define';
import { useErrorAlert } from '../../components/crud/notify';
import { applicationFormKeys, fetchUniversityCourses } from './api';

// The Add/Edit form's own fields (spec 2.3, DESIGN 6): the Course picker lists the chosen
// university's catalogue courses; Duration and Price are that course's, shown read-only (the
// catalogue is never written from here); the student is shown, not chosen.

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The catalogue courses of one university (`UniversityCourse/findAsync`, university.id EQ). */
function useUniversityCourses(universityId: number | undefined) {
  const query = useQuery({
    queryKey: applicationFormKeys.coursesOf(universityId),
    queryFn: ({ signal }) => fetchUniversityCourses(universityId, signal),
    enabled: universityId !== undefined,
  });
  useErrorAlert(query.isError ? query.error : null, 'crud.alerts.picklist.courses', query.errorUpdatedAt);
  return query;
}

/** The chosen catalogue course of the form, once loaded. */
function useChosenCourse(values: Record<string, unknown>) {
  const courses = useUniversityCourses(numberOrUndefined(values.universityId));
  const id = numberOrUndefined(values.universityCourseId);
  return courses.data?.find((c) => c.id === id);
}

export function UniversityCourseField({
  label,
  value,
  values,
  onChange,
  onBlur,
  error,
  required,
}: TCustomFieldProps) {
  const { t } = useTranslation(['crud', 'catalogue']);
  const universityId = numberOrUndefined(values.universityId);
  const courses = useUniversityCourses(universityId);
  const data = (courses.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.course.name} (${c.course.level.name})`,
  }));
  return (
    <Select
      label={label}
      name="universityCourseId"
      value={typeof value === 'number' ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      onBlur={onBlur}
      data={data}
      error={error}
      required={required}
      searchable
      disabled={universityId === undefined}
      nothingFoundMessage={t('crud:form.nothingFound')}
      placeholder={courses.isFetching ? t('crud:loading') : t('crud:form.choose')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function DurationField({ label, values }: TCustomFieldProps) {
  const { t } = useTranslation(['catalogue']);
  const course = useChosenCourse(values);
  return (
    <NumberInput
      label={label}
      name="duration"
      value={course?.duration ?? ''}
      readOnly
      variant="filled"
      rightSection={t('catalogue:fields.monthsUnit')}
      rightSectionWidth={72}
    />
  );
}

export function PriceField({ label, values }: TCustomFieldProps) {
  const course = useChosenCourse(values);
  return (
    <NumberInput
      label={label}
      name="price"
      value={course?.price ?? ''}
      readOnly
      variant="filled"
      thousandSeparator=" "
      rightSection={course ? CURRENCIES[course.currency] : undefined}
      rightSectionWidth={56}
    />
  );
}

/** The student whose application it is (from the selected row). */
export function StudentField({ label, values }: TCustomFieldProps) {
  return (
    <TextInput label={label} name="student" value={String(values.fullName ?? '')} readOnly variant="filled" />
  );
}
