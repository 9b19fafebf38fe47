import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TContactCreated, TContactMessageInput } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { translateKey } from '../../lib/i18n';
import type { TContactIssues } from './contact-validation';

const loadValidation = () => import('./contact-validation');

type TField = keyof TContactMessageInput;
type TErrors = Partial<Record<TField, string>>;
const EMPTY: TContactMessageInput = { name: '', email: '', message: '' };
const FIELDS: TField[] = ['name', 'email', 'message'];

/** The form's state: values, errors shown once a send was tried, and the send itself. */
function useContactForm(initialValues: TContactMessageInput) {
  const { t } = useTranslation(['landing', 'validation', 'common']);
  const [values, setValues] = useState<TContactMessageInput>(initialValues);
  const [errors, setErrors] = useState<TErrors>({});
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: (input: TContactMessageInput) => api.post<TContactCreated>('/contact', input),
    onSuccess: () => setValues(EMPTY),
  });

  const fieldLabel = (field: TField) => t(`landing:contact.${field}`);
  const message = (key: string, field?: string, params: Record<string, unknown> = {}) =>
    translateKey(t, key, {
      ...params,
      ...(field ? { context: 'field', field: fieldLabel(field as TField).toLowerCase() } : {}),
    });

  const toErrors = (issues: TContactIssues): TErrors => {
    const next: TErrors = {};
    for (const issue of issues) next[issue.field] ??= message(issue.message, issue.field, issue.params);
    return next;
  };

  const change = async (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!touched) return;
    const result = (await loadValidation()).checkContactMessage(next);
    setErrors(result.ok ? {} : toErrors(result.issues));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const result = (await loadValidation()).checkContactMessage(values);
    if (!result.ok) {
      const found = toErrors(result.issues);
      setErrors(found);
      document.getElementById(`contact-${FIELDS.find((f) => found[f])}`)?.focus();
      return;
    }
    setErrors({});
    send.reset();
    send.mutate(result.value);
  };

  const serverError = send.error ? describeError(send.error, t, message) : null;
  return { t, values, errors, send, fieldLabel, change, submit, serverError };
}

function ContactThanks({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <Alert color="green" variant="light" title={t('contact.thanksTitle')} role="status">
      {t('contact.thanks')}
      <div>
        <Button variant="subtle" px={0} mt="xs" onClick={onAnother}>
          {t('contact.another')}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * Spec 1's contact form: name, email and message, all required; stored by POST /api/contact. On
 * the prerendered landing page it starts from what was typed before it loaded (app/contact-island.tsx).
 */
export function ContactForm({ initialValues = EMPTY }: { initialValues?: TContactMessageInput }) {
  const { t, values, errors, send, fieldLabel, change, submit, serverError } = useContactForm(initialValues);
  if (send.isSuccess) return <ContactThanks onAnother={() => send.reset()} />;
  return (
    // The validation module downloads as soon as someone starts on the form.
    // `post`: a submit before the script takes the form over (or without JavaScript) must not put
    // the message into the address.
    <form
      method="post"
      onSubmit={submit}
      onFocus={() => void loadValidation()}
      noValidate
      aria-labelledby="contact-title"
    >
      <Stack gap="md">
        {FIELDS.map((field) => {
          const common = {
            size: 'md' as const,
            id: `contact-${field}`,
            name: field,
            label: fieldLabel(field),
            required: true,
            value: values[field],
            error: errors[field],
            onChange: (e: { currentTarget: { value: string } }) => void change(field, e.currentTarget.value),
          };
          if (field === 'message') return <Textarea key={field} {...common} rows={5} resize="vertical" />;
          return (
            <TextInput
              key={field}
              {...common}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field === 'email' ? 'email' : 'name'}
            />
          );
        })}
        {serverError && (
          <Alert color="red" variant="light" role="alert" title={t('landing:contact.failed')}>
            {serverError}
          </Alert>
        )}
        <Button type="submit" size="md" loading={send.isPending}>
          {t('landing:contact.send')}
        </Button>
      </Stack>
    </form>
  );
}

function describeError(error: Error, t: TFunction, message: (key: string, field?: string) => string): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  const fieldErrors = error.errors.map((e) => {
    const field = e.path.split('.').at(-1) ?? '';
    return message(`validation.${e.code}`, FIELDS.includes(field as TField) ? field : undefined);
  });
  if (fieldErrors.length > 0) return fieldErrors.join(' ');
  return errorText(t, error);
}
