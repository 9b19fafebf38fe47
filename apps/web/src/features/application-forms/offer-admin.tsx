import { Alert, Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OFFER_CONDITION_STATES,
  type TOffer,
  type TOfferCondition,
  type TOfferConditionState,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/crud/notify';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { conditionName, OFFER_NAMESPACES, OfferDetails, refreshStatuses } from '../application-status';
import { downloadStoredFile } from './downloads';

// Issue 22 item 2, the admin's application record: the offer with its conditions, each with the
// applicant's evidence and the control that sets it pending, met or not met.

export function OfferAdmin({ offer }: { offer: TOffer | null }) {
  if (!offer) return null;
  return <OfferDetails offer={offer} conditionExtra={(c) => <ConditionDecision condition={c} />} />;
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
