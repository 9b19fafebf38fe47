import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LANGUAGES,
  OFFER_LETTER_FIELDS,
  type TAppLanguage,
  type TOfferLetterField,
  type TOfferLetterTemplate,
  unknownLetterFields,
} from '@uniapply/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { QueryStates } from '../../components/feedback/query-states';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { fetchTemplates, offerLetterKeys, previewTemplate, saveTemplate } from './api';

// `/Admin/OfferLetters` (issue 22 item 3): the offer letter's template per language. A language
// choice, the text, the letter fields as buttons that insert `{{field}}` at the caret, Save (the
// fields it does not know named, here and by the server) and Preview (a sample letter, a PDF in a
// new tab).

const NAMESPACES = ['offerLetters', 'validation'] as const;

export function OfferLettersPage() {
  const { t } = useTranslation(NAMESPACES);
  const query = useQuery({ queryKey: offerLetterKeys.all, queryFn: ({ signal }) => fetchTemplates(signal) });
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <QueryStates query={query} loading={t('common:loading')} failed={t('loadError')}>
        {(templates) => <TemplateEditor templates={templates} />}
      </QueryStates>
    </Stack>
  );
}

const placeholder = (field: TOfferLetterField) => `{{${field}}}`;

function TemplateEditor({ templates }: { templates: TOfferLetterTemplate[] }) {
  const { t, i18n } = useTranslation(NAMESPACES);
  const languageId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [language, setLanguage] = useState<TAppLanguage>(
    (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as TAppLanguage) : 'en',
  );
  // Each language's text as edited here (switching languages keeps the others' edits).
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(templates.map((x) => [x.language, x.body])),
  );
  const [error, setError] = useState<string | null>(null);
  const body = drafts[language] ?? '';
  const saved = templates.find((x) => x.language === language);

  const unknownText = useUnknownText();
  const { save, preview } = useTemplateActions(language, body, setError);

  const edit = (text: string) => {
    setDrafts((all) => ({ ...all, [language]: text }));
    if (error) setError(unknownText(text));
  };
  const insert = (field: TOfferLetterField) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const text = placeholder(field);
    edit(body.slice(0, start) + text + body.slice(end));
    // The caret after the inserted field, the text focused again (keyboard and touch alike).
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const check = () => {
    const problem = body.trim() ? unknownText(body) : t('validation:required');
    setError(problem);
    return problem === null;
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (check()) save.mutate({ language, body });
        }}
      >
        <Stack gap="md">
          <Stack gap={4} role="radiogroup" aria-labelledby={languageId}>
            <Text fw={500} size="sm" id={languageId}>
              {t('language')}
            </Text>
            <SegmentedControl
              value={language}
              onChange={(value) => {
                setLanguage(value as TAppLanguage);
                setError(null);
              }}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              fullWidth
            />
          </Stack>
          <Textarea
            ref={textarea}
            label={t('body')}
            description={
              saved?.updatedAt
                ? t('savedAt', { date: formatIn(i18n.language).dateTime(saved.updatedAt) })
                : t('builtIn')
            }
            value={body}
            onChange={(event) => edit(event.currentTarget.value)}
            error={error}
            autosize
            minRows={12}
            maxRows={30}
            lang={language}
            spellCheck
            styles={{ input: { fontSize: 15, lineHeight: 1.5 } }}
          />
          <FieldButtons onInsert={insert} />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
            <Button
              type="button"
              variant="default"
              loading={preview.isPending}
              onClick={() => {
                if (check()) preview.mutate();
              }}
            >
              {t('preview')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The letter fields as buttons; each inserts its `{{field}}` at the caret. */
function FieldButtons({ onInsert }: { onInsert: (field: TOfferLetterField) => void }) {
  const { t } = useTranslation(NAMESPACES);
  const fieldsId = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={fieldsId}>
      <Text fw={500} size="sm" id={fieldsId}>
        {t('insertField')}
      </Text>
      <Group gap={6}>
        {OFFER_LETTER_FIELDS.map((field) => (
          <Button
            key={field}
            type="button"
            size="compact-sm"
            h={36}
            variant="light"
            onClick={() => onInsert(field)}
            title={placeholder(field)}
          >
            {t(`fields.${field}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The text naming the fields a template names that are not letter fields; null: none. */
function useUnknownText() {
  const { t } = useTranslation(NAMESPACES);
  return (text: string) => {
    const unknown = unknownLetterFields(text);
    return unknown.length
      ? t('validation:unknownPlaceholder', { fields: unknown.map((f) => `{{${f}}}`).join(', ') })
      : null;
  };
}

/** Save and Preview of the shown language's text; a refusal goes to `setError` in words. */
function useTemplateActions(language: TAppLanguage, body: string, setError: (text: string) => void) {
  const { t } = useTranslation(NAMESPACES);
  const queryClient = useQueryClient();
  const refusal = (err: unknown) =>
    err instanceof ApiError && err.errors[0]
      ? t(`validation:${err.errors[0].code}`, {
          ...err.errors[0].params,
          defaultValue: err.errors[0].message,
        })
      : errorText(t, err);
  const save = useMutation({
    mutationFn: saveTemplate,
    onSuccess: (next) => {
      queryClient.setQueryData<TOfferLetterTemplate[]>(offerLetterKeys.all, (list) =>
        list?.map((x) => (x.language === next.language ? next : x)),
      );
      notifySuccess(t, 'offerLetters.saved');
    },
    onError: (err) => setError(refusal(err)),
  });
  const preview = useMutation({
    mutationFn: async () => {
      // Opened at the click (a window opened after the answer would be blocked), filled after.
      const tab = window.open('', '_blank');
      try {
        const pdf = await previewTemplate({ language, body });
        const url = URL.createObjectURL(pdf);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
    onError: (err) => setError(`${t('previewError')} ${refusal(err)}`),
  });
  return { save, preview };
}
