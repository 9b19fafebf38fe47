import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import { DateInput, InstantInput } from '../forms/date-input';
import { labelKey, type TFieldKind, type TFormField } from './define';
import { choiceValue, numberValue } from './form-values';
import { usePicklistOptions } from './picklist';

export type TFieldProps = {
  field: TFormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** An i18n key (the shared schema's message) or nothing. */
  error?: string;
  /** The error's params (a too-long text's `max`, so it names the limit). */
  errorParams?: Record<string, unknown>;
  required: boolean;
  autoFocus?: boolean;
  /** Every value of the form (a custom field may depend on others). */
  values?: Record<string, unknown>;
};

const NAMESPACES = ['crud', 'catalogue', 'enums', 'validation', 'common'];

/** The props every Mantine input of a field shares: its label, error, name and focus. */
type TCommon = {
  label: string;
  error: string | undefined;
  required: boolean;
  onBlur: () => void;
  autoFocus: boolean | undefined;
  name: string;
};

/** What a built-in input needs: the shared props, the value as text, the field and the change. */
type TInputProps = {
  common: TCommon;
  field: TFormField;
  value: unknown;
  text: string;
  onChange: (value: unknown) => void;
  t: TFunction;
};

function NumberField({ common, field, value, text, onChange, t }: TInputProps) {
  return (
    <NumberInput
      {...common}
      value={typeof value === 'number' ? value : text}
      // An emptied number is missing (undefined), never 0.
      onChange={(next) => onChange(numberValue(next))}
      rightSection={field.unit ? translateKey(t, field.unit) : undefined}
      rightSectionWidth={field.unit ? 72 : undefined}
      allowNegative={false}
    />
  );
}

function TextareaField({ common, text, onChange }: TInputProps) {
  return (
    <Textarea
      {...common}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      autosize
      minRows={3}
      maxRows={8}
    />
  );
}

/** A fixed list of options (`select`) or the rows of another resource (`picklist`). */
function ChoiceField({ common, field, text, onChange, t }: TInputProps) {
  const picklist = usePicklistOptions(field.picklist, field.kind === 'picklist');
  const data =
    field.kind === 'picklist'
      ? picklist.options
      : (field.options ?? []).map((o) => ({ value: String(o.value), label: translateKey(t, o.label) }));
  return (
    <Select
      {...common}
      value={text || null}
      onChange={(next) => onChange(choiceValue(field, next))}
      data={data}
      searchable={field.kind === 'picklist'}
      nothingFoundMessage={t('crud:form.nothingFound')}
      placeholder={picklist.loading ? t('crud:loading') : t('crud:form.choose')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TextField({ common, field, text, onChange }: TInputProps) {
  return (
    <TextInput
      {...common}
      type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
      inputMode={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : undefined}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A calendar date ('YYYY-MM-DD'), with the device's own date picker and its day read back. */
function DateField({ common, text, onChange }: TInputProps) {
  return <DateInput {...common} value={text} onChange={onChange} />;
}

/** Yes or no, as a switch; the value is a boolean. */
function CheckboxField({ common, value, onChange }: TInputProps) {
  const { label, name, onBlur, autoFocus, error } = common;
  return (
    <Switch
      // Level with the inputs beside it on wide screens (below their labels), close on a phone.
      mt={{ base: 'xs', sm: 'xl' }}
      label={label}
      name={name}
      error={error}
      onBlur={onBlur}
      autoFocus={autoFocus}
      checked={value === true}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

/**
 * An instant entered and shown as the wall clock of the field's zone, read back in that zone and
 * Tashkent's (components/forms/date-input): an intake's deadline typed in Malaysia's time is saved
 * as the UTC instant it means, whatever zone the browser is in. An empty input is a missing value;
 * an incomplete one keeps its text (the schema refuses it).
 */
function InstantField({ common, field, value, onChange }: TInputProps) {
  return (
    <InstantInput
      {...common}
      zone={field.timeZone ?? 'UTC'}
      value={typeof value === 'string' ? value : ''}
      onChange={(instant, wall) => onChange(wall === '' ? undefined : (instant ?? wall))}
    />
  );
}

/** The input of each built-in kind; text, e-mail and web address (and no kind) are a text box. */
const INPUTS: Partial<Record<TFieldKind, (props: TInputProps) => ReactElement>> = {
  number: NumberField,
  textarea: TextareaField,
  select: ChoiceField,
  picklist: ChoiceField,
  date: DateField,
  instant: InstantField,
  checkbox: CheckboxField,
};

/** One form input, chosen by the field's kind. */
export function CrudField({
  field,
  value,
  values = {},
  onChange,
  onBlur,
  error,
  errorParams,
  required,
  autoFocus,
}: TFieldProps) {
  const { t } = useTranslation(NAMESPACES);
  const common = {
    label: translateKey(t, labelKey(field)),
    error: error ? translateKey(t, error, errorParams) : undefined,
    required,
    onBlur,
    autoFocus,
    name: field.name,
  };
  if (field.kind === 'custom') {
    const Custom = field.component;
    return Custom ? (
      <Custom
        field={field}
        label={common.label}
        value={value}
        values={values}
        onChange={onChange}
        onBlur={onBlur}
        error={common.error}
        required={required}
      />
    ) : null;
  }
  const text = value === null || value === undefined ? '' : String(value);
  const Input = INPUTS[field.kind ?? 'text'] ?? TextField;
  return <Input common={common} field={field} value={value} text={text} onChange={onChange} t={t} />;
}
