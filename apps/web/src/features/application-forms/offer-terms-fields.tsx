import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  OFFER_CONDITION_KINDS,
  OFFER_CONDITION_TEXT_MAX,
  OFFER_CONDITIONS_MAX,
  OFFER_FEES_MAX,
  type TOffer,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InstantInput } from '../../components/forms/date-input';

// Issue 22 item 2: the offer's terms as the admin writes them, with the move to an offer or on
// their own: the fees as text, the answer-by date typed in Kuala Lumpur's time (read back in both
// zones under it), and for a conditional offer its conditions (a kind from the translated list and
// text; rows added and removed).

type TConditionRow = { key: number; kind: string; text: string };
export type TOfferDraft = { fees: string; answerBy: string; conditions: TConditionRow[] };

let nextKey = 1;
const newCondition = (kind = '', text = ''): TConditionRow => ({ key: nextKey++, kind, text });

export const emptyOfferDraft = (): TOfferDraft => ({ fees: '', answerBy: '', conditions: [newCondition()] });

/**
 * The draft of an offer's current terms (the admin changes them, or moves the application to an
 * offer again); no offer: the empty draft. An offer without conditions gets one empty row, shown
 * only when the terms are a conditional offer's.
 */
export const offerDraftOf = (offer: TOffer | null): TOfferDraft =>
  offer
    ? {
        fees: offer.fees ?? '',
        answerBy: offer.answerBy,
        conditions: offer.conditions.length
          ? offer.conditions.map((c) => newCondition(c.kind, c.text ?? ''))
          : [newCondition()],
      }
    : emptyOfferDraft();

/** The terms as the server takes them; a conditional offer's conditions, none otherwise. */
export const offerTermsBody = (draft: TOfferDraft, conditional: boolean) => ({
  fees: draft.fees.trim() ? draft.fees : null,
  answerBy: draft.answerBy || null,
  conditions: conditional
    ? draft.conditions.map((c) => ({ kind: c.kind || undefined, text: c.text.trim() ? c.text : null }))
    : [],
});

export function OfferTermsFields({
  draft,
  conditional,
  onChange,
}: {
  draft: TOfferDraft;
  conditional: boolean;
  onChange: (change: (draft: TOfferDraft) => TOfferDraft) => void;
}) {
  const { t } = useTranslation(['offers', 'common']);
  const titleId = useId();
  const conditionsId = useId();
  const set = (part: Partial<TOfferDraft>) => onChange((d) => ({ ...d, ...part }));
  const setRow = (key: number, change: Partial<TConditionRow>) =>
    onChange((d) => ({
      ...d,
      conditions: d.conditions.map((c) => (c.key === key ? { ...c, ...change } : c)),
    }));
  const rows = draft.conditions;
  return (
    <Stack gap="xs" component="fieldset" aria-labelledby={titleId} m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" id={titleId} fw={600} size="sm" p={0}>
        {t('offers:terms.title')}
      </Text>
      <TextInput
        label={t('offers:terms.fees')}
        description={t('offers:terms.feesHint')}
        value={draft.fees}
        maxLength={OFFER_FEES_MAX}
        onChange={(event) => set({ fees: event.currentTarget.value })}
      />
      <InstantInput
        label={t('offers:terms.answerBy')}
        hint={t('offers:terms.answerByHint')}
        zone={UNIVERSITY_TIME_ZONE}
        value={draft.answerBy}
        onChange={(instant) => set({ answerBy: instant ?? '' })}
      />
      {conditional ? (
        <Stack gap="xs" component="fieldset" aria-labelledby={conditionsId} m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" id={conditionsId} fw={500} size="sm" p={0}>
            {t('offers:terms.conditions')}
          </Text>
          {rows.map((row, i) => (
            <Group key={row.key} gap="xs" align="flex-end" wrap="wrap" data-condition-row>
              <Select
                style={{ flex: '1 1 12rem' }}
                label={t('offers:terms.kind', { n: i + 1 })}
                placeholder={t('offers:terms.choose')}
                data={OFFER_CONDITION_KINDS.map((k) => ({ value: k, label: t(`offers:kinds.${k}`) }))}
                value={row.kind || null}
                onChange={(value) => setRow(row.key, { kind: value ?? '' })}
                allowDeselect={false}
              />
              <TextInput
                style={{ flex: '2 1 14rem' }}
                label={t('offers:terms.text', { n: i + 1 })}
                value={row.text}
                maxLength={OFFER_CONDITION_TEXT_MAX}
                onChange={(event) => setRow(row.key, { text: event.currentTarget.value })}
              />
              {rows.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={t('offers:terms.remove', { n: i + 1 })}
                  onClick={() =>
                    onChange((d) => ({ ...d, conditions: d.conditions.filter((c) => c.key !== row.key) }))
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {rows.length < OFFER_CONDITIONS_MAX ? (
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => onChange((d) => ({ ...d, conditions: [...d.conditions, newCondition()] }))}
            >
              {t('offers:terms.add')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
