import { Anchor, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TOfferCondition } from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TUploadState, UploadSlot } from '../../components/forms/upload-slot';
import { downloadFile } from '../../lib/download';
import { uploadFile, uploadRefusal } from '../../lib/upload';
import { conditionName, OFFER_NAMESPACES, OfferDetails } from './offer-details';
import { refreshStatuses } from './status-api';
import { useStatusDetail } from './status-detail-layout';

// Issue 22 item 2, the applicant side of the status card: the application's offer, and for each
// pending condition an upload slot for its evidence (the student, or the owning agent).

export function OfferSection({ studentCourseId }: { studentCourseId: number }) {
  const detail = useStatusDetail(studentCourseId);
  const offer = detail.data?.offer;
  if (!offer) return null;
  return (
    <OfferDetails
      offer={offer}
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
  const queryClient = useQueryClient();
  const [state, setState] = useState<TUploadState>(condition.evidenceFileId ? 'uploaded' : 'empty');
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (picked: File) => {
    setFile(picked);
    setState('uploading');
    setProgress(0);
    setError(null);
    const form = new FormData();
    form.append('file', picked, picked.name);
    try {
      await uploadFile(`/ApplicationStatus/offerCondition/${condition.id}/evidence`, form, {
        onProgress: setProgress,
      });
      setState('uploaded');
      await refreshStatuses(queryClient);
    } catch (err) {
      setState('error');
      setError(uploadRefusal(err) ?? t('offers:uploadFailed'));
    }
  };

  return (
    <UploadSlot
      label={t('offers:upload', { condition: conditionName(condition, (key) => t(key)) })}
      state={state}
      progress={progress}
      fileName={file?.name ?? condition.evidenceFileName}
      fileSize={file?.size}
      error={error}
      onFile={(f) => void send(f)}
    />
  );
}
