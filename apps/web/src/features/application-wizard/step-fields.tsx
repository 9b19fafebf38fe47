import { Alert, Anchor, Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/forms/date-input';
import { translateKey } from '../../lib/i18n';
import { inputId, type TStepError, type TStepForm } from './step-form';

export const WIZARD_NAMESPACES = ['wizard', 'wizardForm', 'validation', 'enums', 'common'] as const;

/**
 * A field's validation message in the user's language ('Please fill in the First Name field'); a
 * failed request's text is lib/error-text's.
 */
export function useStepErrorText() {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (error: TStepError) => {
    const field = typeof error.params.field === 'string' ? translateKey(t, error.params.field) : '';
    return translateKey(t, error.message, { ...error.params, field });
  };
}

/** GOV.UK's error summary, reduced to the spec's "first error in red at the top": a link to its field. */
export function ErrorSummary({ form }: { form: TStepForm }) {
  const text = useStepErrorText();
  const first = form.shown[0];
  if (!first) return null;
  const focus = (event: React.MouseEvent) => {
    event.preventDefault();
    document.getElementById(inputId(first.field))?.focus();
  };
  return (
    <Alert color="red" variant="light" role="alert" title={null}>
      <Anchor href={`#${inputId(first.field)}`} onClick={focus} c="red.9" fw={600}>
        {text(first)}
      </Anchor>
    </Alert>
  );
}

type TFieldBase = { form: TStepForm; name: string; label: string; required?: boolean };

function useFieldProps({ form, name, label, required }: TFieldBase) {
  const text = useStepErrorText();
  const error = form.errorOf(name);
  return {
    id: inputId(name),
    name,
    label,
    required,
    error: error ? text(error) : undefined,
    onBlur: () => form.touch(name),
  };
}

type TTextProps = TFieldBase & {
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  /** Rewrites the value as it is typed (the passport's normalisation). */
  onValue?: (value: string) => void;
  multiline?: boolean;
  /** The shown text when it is not the field's own value (the passport joins two fields). */
  value?: string;
  /** A length limit: the input stops there and the field shows how much of it is used. */
  maxLength?: number;
  /** A hint under the label. */
  description?: ReactNode;
};

/** A one-line field shows its counter from this share of its limit on. */
const COUNTER_FROM = 0.8;
/** The counter under the input, above the error. */
const COUNTER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

export function TextField(props: TTextProps) {
  const { form, name, type = 'text', autoComplete, inputMode, placeholder, onValue, multiline } = props;
  const { maxLength, description } = props;
  const common = useFieldProps(props);
  const value = props.value ?? form.values[name];
  const text = value === null || value === undefined ? '' : String(value);
  const change = (next: string) => (onValue ? onValue(next) : form.set(name, next));
  // The limit of the shared schema, shown as "120/255" in a long text and near the limit in a line.
  const max = props.value === undefined ? form.maxLength?.(name) : undefined;
  const counter =
    max !== undefined && (multiline || text.length >= max * COUNTER_FROM)
      ? `${text.length}/${max}`
      : undefined;
  // A date reads its day back under the device's picker, in the portal's language.
  if (type === 'date')
    return (
      <DateInput {...common} hint={description} value={text} autoComplete={autoComplete} onChange={change} />
    );
  if (multiline)
    return (
      <Textarea
        {...common}
        // A field with its own hint (the personal statement's, which counts itself) shows it above
        // the input; any other long text shows the schema's counter below it.
        description={description ?? counter}
        inputWrapperOrder={description ? ['label', 'description', 'input', 'error'] : COUNTER_ORDER}
        value={text}
        autoComplete={autoComplete}
        autosize
        minRows={maxLength ? 4 : 2}
        maxRows={maxLength ? 14 : undefined}
        maxLength={maxLength}
        onChange={(e) => change(e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      {...common}
      description={counter}
      inputWrapperOrder={COUNTER_ORDER}
      type={type}
      value={text}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      onChange={(e) => change(e.currentTarget.value)}
    />
  );
}

export function NumberField(props: TFieldBase) {
  const common = useFieldProps(props);
  const value = props.form.values[props.name];
  return (
    <NumberInput
      {...common}
      inputMode="numeric"
      allowNegative={false}
      allowDecimal={false}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => props.form.set(props.name, typeof next === 'number' ? next : '')}
    />
  );
}

/** A choice among an enum's indexes, labelled in the user's language. */
export function ChoiceField(
  props: TFieldBase & { options: { value: number; label: string }[]; onChoose?: (value: number) => void },
) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const common = useFieldProps(props);
  const value = props.form.values[props.name];
  return (
    <Select
      {...common}
      data={props.options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={typeof value === 'number' ? String(value) : null}
      placeholder={t('wizardForm:choose')}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next === null) return;
        const n = Number(next);
        if (props.onChoose) props.onChoose(n);
        else props.form.set(props.name, n);
      }}
    />
  );
}

export function CheckField({ form, name, label }: { form: TStepForm; name: string; label: ReactNode }) {
  return (
    <Checkbox
      id={inputId(name)}
      name={name}
      label={label}
      checked={form.values[name] === true}
      onChange={(e) => form.set(name, e.currentTarget.checked)}
    />
  );
}

/**
 * The fields the personal and contact steps share. `own`: the user's own details (personal step),
 * which the browser may fill in; a guardian's or contact's are typed without autofill.
 */
export function NameFields({ form, own }: { form: TStepForm; own: boolean }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const auto = (token: string) => (own ? token : 'off');
  return (
    <>
      <TextField
        form={form}
        name="firstName"
        label={t('fields.firstName')}
        required
        autoComplete={auto('given-name')}
      />
      <TextField
        form={form}
        name="middleName"
        label={t('fields.middleName')}
        autoComplete={auto('additional-name')}
      />
      <TextField
        form={form}
        name="lastName"
        label={t('fields.lastName')}
        required
        autoComplete={auto('family-name')}
      />
    </>
  );
}

export function PhoneField({ form, own }: { form: TStepForm; own: boolean }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (
    <TextField
      form={form}
      name="phoneNumber"
      label={t('fields.phoneNumber')}
      required
      type="tel"
      inputMode="tel"
      autoComplete={own ? 'tel' : 'off'}
      placeholder="+60123456789"
    />
  );
}

export function EmailField({ form, own }: { form: TStepForm; own: boolean }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  return (
    <TextField
      form={form}
      name="email"
      label={t('fields.email')}
      required
      type="email"
      inputMode="email"
      autoComplete={own ? 'email' : 'off'}
    />
  );
}
