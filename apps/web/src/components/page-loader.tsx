import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Inside the shell, while a screen's chunk downloads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
