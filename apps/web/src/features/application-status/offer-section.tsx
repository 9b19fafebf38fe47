import { Anchor, Text } from '@mantine/core';
import { isOpenOffer, type TOfferCondition } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { UploadSlot } from '../../components/forms/upload-slot';
import { downloadFile } from '../../lib/download';
import { conditionName, OFFER_NAMESPACES, OfferDetails } from './offer-details';
import { useStatusDetail } from './status-detail-layout';
import { useUploadSlot } from './use-upload-slot';

// Issue 22 item 2, the applicant side of the status card: the application's offer, and for each
// pending condition an upload slot for its evidence (the student, or the owning agent). While the
// offer is open its answer-by date is shown once, beside Accept and Decline (OfferAnswer), not here.

export function OfferSection({ studentCourseId }: { studentCourseId: number }) {
  const detail = useStatusDetail(studentCourseId);
  const offer = detail.data?.offer;
  if (!offer || !detail.data) return null;
  return (
    <OfferDetails
      offer={offer}
      withAnswerBy={!isOpenOffer(detail.data.state.status)}
      conditionExtra={(c) =>
        c.state === 'pending' ? <EvidenceSlot condition={c} /> : <Evidence condition={c} />
      }
    />
  );
}

/** The evidence of a decided condition (a download), if any was sent. */
function Evidence({ condition: c }: { condition: TOfferCondition }) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  if (!c.evidenceFileId) return null;
  const name = c.evidenceFileName ?? c.evidenceFileId;
  return (
    <Text size="sm">
      <Anchor
        component="button"
        type="button"
        onClick={() =>
          void downloadFile(`/Document/downloadByFileId/${encodeURIComponent(c.evidenceFileId!)}`, name)
        }
        style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
      >
        {t('offers:download', { file: name })}
      </Anchor>
    </Text>
  );
}

function EvidenceSlot({ condition }: { condition: TOfferCondition }) {
  const { t } = useTranslation(OFFER_NAMESPACES);
  const slot = useUploadSlot({
    url: `/ApplicationStatus/offerCondition/${condition.id}/evidence`,
    uploaded: Boolean(condition.evidenceFileId),
    storedName: condition.evidenceFileName,
    failedText: t('offers:uploadFailed'),
  });
  return (
    <UploadSlot
      label={t('offers:upload', { condition: conditionName(condition, (key) => t(key)) })}
      {...slot}
    />
  );
}
