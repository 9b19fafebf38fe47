import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStepProps } from '../step-contract';

/** Placeholder of lane wizsteps' step (replaced at merge): a heading, and always valid. */
export function QualificationsStep({ onValidityChange }: TStepProps) {
  const { t } = useTranslation('wizard');
  useEffect(() => onValidityChange(true), [onValidityChange]);
  return (
    <Title order={3} size="h4">
      {t('steps.qualifications')}
    </Title>
  );
}
