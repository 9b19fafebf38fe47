import { Alert, Button, EmptyState, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';

/** A failed load, said in the user's language, with a button to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText('common:list.loadFailed');
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Text size="sm" mb="sm">
        {errorText(error)}
      </Text>
      <Button
        variant="white"
        color="red"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRetry}
      >
        {t('list.retry')}
      </Button>
    </Alert>
  );
}

export function EmptyResults({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState
      icon={<IconSearchOff aria-hidden />}
      variant="light"
      title={title}
      description={description}
      py="xl"
      role="status"
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
