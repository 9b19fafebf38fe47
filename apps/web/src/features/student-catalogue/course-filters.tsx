import { Button, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotification } from '../../components/crud/notify';
import { type TPicklistBase, usePicklist } from './api';
import { countActiveFilters, type TCourseFilterValues } from './course-filter';
import classes from './student-catalogue.module.css';
import { useDebouncedText } from './use-debounced-text';

type TProps = {
  values: TCourseFilterValues;
  onChange: (patch: Partial<TCourseFilterValues>) => void;
  onClear: () => void;
};

const amountText = (value: number | null) => (value === null ? '' : String(value));
const toAmount = (text: string) => (text.trim() === '' ? null : Number(text));

/** Spec 7.2's course search: name, university, level, category and a fee range. */
export function CourseFilters({ values, onChange, onClear }: TProps) {
  const { t } = useTranslation('studentCatalogue');
  const universities = usePicklistOptions('University');
  const levels = usePicklistOptions('CourseLevel');
  const categories = usePicklistOptions('CourseCategory');

  const name = useDebouncedText(values.name, (v) => onChange({ name: v }));
  const minPrice = useDebouncedText(amountText(values.minPrice), (v) => onChange({ minPrice: toAmount(v) }));
  const maxPrice = useDebouncedText(amountText(values.maxPrice), (v) => onChange({ maxPrice: toAmount(v) }));

  const pick = (key: 'universityId' | 'levelId' | 'categoryId') => ({
    value: values[key] === null ? null : String(values[key]),
    onChange: (value: string | null) => onChange({ [key]: value ? Number(value) : null }),
    placeholder: t('courses.any'),
    clearable: true,
    allowDeselect: true,
    nothingFoundMessage: '—',
  });

  return (
    <Paper withBorder radius="lg" p="md" className={classes.gridContainer}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a landmark by every browser */}
      <form
        role="search"
        aria-label={t('courses.filters')}
        className={classes.filters}
        onSubmit={(event) => {
          event.preventDefault();
          name.flush();
          minPrice.flush();
          maxPrice.flush();
        }}
      >
        <TextInput
          className={classes.wide}
          label={t('courses.name')}
          placeholder={t('courses.namePlaceholder')}
          value={name.text}
          onChange={(event) => name.change(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          autoComplete="off"
        />
        <Select
          className={classes.wide}
          label={t('courses.university')}
          data={universities}
          searchable
          {...pick('universityId')}
        />
        <Select label={t('courses.level')} data={levels} {...pick('levelId')} />
        <Select label={t('courses.category')} data={categories} {...pick('categoryId')} />
        <NumberInput
          label={t('courses.minPrice')}
          placeholder="0"
          value={minPrice.text}
          onChange={(v) => minPrice.change(String(v))}
          min={0}
          allowNegative={false}
          hideControls
          inputMode="decimal"
        />
        <NumberInput
          label={t('courses.maxPrice')}
          placeholder={t('courses.any')}
          value={maxPrice.text}
          onChange={(v) => maxPrice.change(String(v))}
          min={0}
          allowNegative={false}
          hideControls
          inputMode="decimal"
        />
        <div className={classes.filterActions}>
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={onClear}
            disabled={countActiveFilters(values) === 0}
          >
            {t('courses.clearFilters')}
          </Button>
        </div>
      </form>
    </Paper>
  );
}

/** A picker's options; a failed load is announced once in the user's language (spec 8). */
function usePicklistOptions(base: TPicklistBase) {
  const { t } = useTranslation('studentCatalogue');
  const query = usePicklist(base);
  const message = t(`courses.picklistFailed.${base}`);
  useEffect(() => {
    if (!query.isError) return;
    showNotification(t, { id: `student-picklist-${base}`, color: 'red', message, autoClose: 8000 });
  }, [query.isError, base, message, t]);
  const options = (query.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  // Universities read best alphabetically; levels and categories keep the catalogue's own order.
  return base === 'University' ? options.sort((a, b) => a.label.localeCompare(b.label)) : options;
}
