import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isOpenOffer,
  OFFER_CONDITION_STATES,
  type TApplicationStatus,
  type TOffer,
  type TOfferCondition,
  type TOfferConditionState,
  termsFitType,
  ZOfferTermsChange,
} from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { ApiError, api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { conditionName, OFFER_NAMESPACES, OfferDetails, refreshStatuses } from '../application-status';
import { downloadStoredFile } from './downloads';
import { OfferTermsFields, offerDraftOf, offerTermsBody, type TOfferDraft } from './offer-terms-fields';

// Issue 22 item 2, the admin's application record: the offer with its conditions, each with the
// applicant's evidence and the control that sets it pending, met or not met; while the offer is
// open (not yet answered), "Change the terms" (fees, answer-by date, conditions) without a move.

export function OfferAdmin({
  offer,
  status,
  version,
}: {
  offer: TOffer | null;
  status: TApplicationStatus;
  /** The application's status version the panel read; the terms change sends it. */
  version: number;
}) {
  if (!offer) return null;
  return (
    <OfferDetails offer={offer} conditionExtra={(c) => <ConditionDecision condition={c} />}>
      <OfferTermsEdit offer={offer} open={isOpenOffer(status)} version={version} />
    </OfferDetails>
  );
}

/**
 * The open offer's terms changed on their own: a dialog from the current terms, saved at once. The
 * dialog stays when the offer closes meanwhile (the refusal says why); only the button goes.
 */
function OfferTermsEdit({ offer, open, version }: { offer: TOffer; open: boolean; version: number }) {
  const { t } = useTranslation([...OFFER_NAMESPACES, 'applicationForms']);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TOfferDraft | null>(null);
  // The version read when the dialog opened: a change meanwhile makes the save a 409.
  const [seen, setSeen] = useState(version);
  const conditional = offer.type === 'conditional';
  const body = draft && {
    studentCourseId: offer.studentCourseId,
    version: seen,
    ...offerTermsBody(draft, conditional),
  };
  const parsed = body ? ZOfferTermsChange.safeParse(body) : null;
  const valid = parsed?.success === true && termsFitType(offer.type, parsed.data);
  const save = useMutation({
    mutationFn: () => api.post('/ApplicationStatus/offerTerms', body),
    onSuccess: () => {
      setDraft(null);
      notifySuccess(t, 'offers:terms.saved');
    },
    onSettled: () => refreshStatuses(queryClient),
  });
  const close = () => {
    setDraft(null);
    save.reset();
  };
  return (
    <>
      {open ? (
        <Button
          variant="default"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => {
            setSeen(version);
            setDraft(offerDraftOf(offer));
          }}
        >
          {t('offers:terms.edit')}
        </Button>
      ) : null}
      <Modal
        opened={draft !== null}
        onClose={close}
        title={t('offers:terms.editTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('offers:terms.close') }}
      >
        {draft ? (
          <Stack
            component="form"
            gap="sm"
            onSubmit={(event) => {
              event.preventDefault();
              if (valid && !save.isPending) save.mutate();
            }}
          >
            <Text size="sm">{t('offers:terms.editText')}</Text>
            <OfferTermsFields
              draft={draft}
              conditional={conditional}
              onChange={(change) => setDraft((d) => (d ? change(d) : d))}
            />
            <TermsProblem error={save.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={save.isPending}>
                {t('offers:terms.cancel')}
              </Button>
              <Button type="submit" disabled={!valid} loading={save.isPending}>
                {t('offers:terms.save')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/** Why the save was refused: a stale version names where the application stands now. */
function TermsProblem({ error }: { error: Error | null }) {
  const { t } = useTranslation([...OFFER_NAMESPACES, 'applicationForms']);
  if (!error) return null;
  const conflict = error instanceof ApiError && error.code === 'statusConflict' ? error : null;
  return (
    <Alert color="red" role="alert">
      {conflict
        ? t('offers:terms.conflict', { current: t(`status:labels.${String(conflict.params.current)}`) })
        : t('offers:terms.failed', { message: errorText(t, error) })}
    </Alert>
  );
}

function ConditionDecision({ condition: c }: { condition: TOfferCondition }) {
  const { t } = useTranslation([...OFFER_NAMESPACES, 'applicationForms']);
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (state: TOfferConditionState) =>
      api.post('/ApplicationStatus/offerCondition', { conditionId: c.id, state }),
    onSuccess: () => notifySuccess(t, 'offers:decide.saved'),
    onSettled: () => refreshStatuses(queryClient),
  });
  const name = conditionName(c, (key) => t(key));
  return (
    <Stack gap={4}>
      {c.evidenceFileId ? (
        <Text size="sm">
          <Anchor
            component="button"
            type="button"
            onClick={() => void downloadStoredFile(t, { fileId: c.evidenceFileId, name: c.evidenceFileName })}
            style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
          >
            {t('offers:download', { file: c.evidenceFileName ?? c.evidenceFileId })}
          </Anchor>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('offers:noEvidence')}
        </Text>
      )}
      <SegmentedControl
        aria-label={t('offers:decide.label', { condition: name })}
        value={c.state}
        disabled={decide.isPending}
        onChange={(value) => decide.mutate(value as TOfferConditionState)}
        data={OFFER_CONDITION_STATES.map((s) => ({ value: s, label: t(`offers:states.${s}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {decide.isError ? (
        <Alert color="red" role="alert">
          {t('offers:decide.failed', { message: errorText(t, decide.error) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
