import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApplicationFormDetail } from './application-form-detail';
import { ApplicationStatusPanel } from './status-panel';

// `/Admin/ApplicationForms/:id` (issue 20 item 6): one application's record on its own address,
// where a notification card leads: the status panel and the form, as the list shows its selected
// row. An id that is not a number, or no application's, shows the form's load error (404).

export function ApplicationRecordPage() {
  const { t } = useTranslation('applicationForms');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={valid ? `/Admin/ApplicationForms?selected=${id}` : '/Admin/ApplicationForms'}
      >
        {t('record.back')}
      </Anchor>
      <Title order={1}>{t('record.title')}</Title>
      {valid ? (
        <>
          <ApplicationStatusPanel studentCourseId={id} />
          <ApplicationFormDetail id={id} />
        </>
      ) : (
        <ApplicationFormDetail id={0} />
      )}
    </Stack>
  );
}
