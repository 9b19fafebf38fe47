import { Button, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { TReaderCurrency } from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotification } from '../../components/crud/notify';
import { CurrencySelect } from '../../components/prices/currency-select';
import { type TPicklistBase, usePicklist } from './api';
import { countActiveFilters, isInvertedRange, type TCourseFilterValues } from './course-filter';
import classes from './student-catalogue.module.css';
import { useDebouncedText } from './use-debounced-text';

type TProps = {
  values: TCourseFilterValues;
  onChange: (patch: Partial<TCourseFilterValues>) => void;
  onClear: () => void;
  /** The reader's currency: the fee range is in it (issue 20 item 1). */
  currency: TReaderCurrency;
  onCurrencyChange: (currency: TReaderCurrency) => void;
};

const amountText = (value: number | null) => (value === null ? '' : String(value));
const toAmount = (text: string) => (text.trim() === '' ? null : Number(text));

/** Spec 7.2's course search: name, university, level, category and a fee range in the reader's currency. */
export function CourseFilters({ values, onChange, onClear, currency, onCurrencyChange }: TProps) {
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
          for (const text of [name, minPrice, maxPrice]) text.flush();
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
        <PriceRange
          currency={currency}
          min={minPrice}
          max={maxPrice}
          inverted={isInvertedRange(values.minPrice, values.maxPrice)}
        />
        <div className={classes.filterActions}>
          <CurrencySelect value={currency} onChange={onCurrencyChange} />
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

type TText = ReturnType<typeof useDebouncedText>;

/** The fee range in the reader's currency; an inverted one is refused with a message (issue 20). */
function PriceRange({
  currency,
  min,
  max,
  inverted,
}: {
  currency: string;
  min: TText;
  max: TText;
  inverted: boolean;
}) {
  const { t } = useTranslation(['studentCatalogue', 'prices']);
  const common = { min: 0, allowNegative: false, hideControls: true, inputMode: 'decimal' as const };
  return (
    <>
      <NumberInput
        label={`${t('courses.minPrice')} (${currency})`}
        placeholder="0"
        value={min.text}
        onChange={(v) => min.change(String(v))}
        {...common}
      />
      <NumberInput
        label={`${t('courses.maxPrice')} (${currency})`}
        placeholder={t('courses.any')}
        value={max.text}
        onChange={(v) => max.change(String(v))}
        error={inverted ? t('prices:invertedRange') : undefined}
        {...common}
      />
    </>
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
