import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { TOffer } from '@uniapply/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../components/crud/notify';
import { downloadFile } from '../../lib/download';
import { OFFER_LETTER_NAMESPACES } from './namespaces';

// Issue 22 item 3: the application's offer letter (a PDF in the applicant's language), on the
// applicant's status card and the admin's record, once the application has an offer.

export function OfferLetterLink({
  studentCourseId,
  offer,
}: {
  studentCourseId: number;
  offer: TOffer | null;
}) {
  const { t } = useTranslation(OFFER_LETTER_NAMESPACES);
  const [busy, setBusy] = useState(false);
  if (!offer) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/ApplicationStatus/offerLetter?studentCourseId=${studentCourseId}`,
        `${t('offerLetters:letter.title')}.pdf`,
      );
    } catch (error) {
      notifyFailure(t, 'offerLetters.downloadFailed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={18} aria-hidden />}
      onClick={download}
      loading={busy}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('offerLetters:download')}
    </Button>
  );
}
