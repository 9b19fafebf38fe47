import { Alert, Button, EmptyState, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

/** A translated reason: a friendly text per kind of failure, never a raw error. */
export function useErrorText() {
  const { t } = useTranslation('common');
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === 'timeout') return t('errors.timeout');
      if (error.code === 'network') return t('errors.network');
      if (error.status === 429) return t('errors.tooMany');
    }
    return t('list.loadFailed');
  };
}

/** A failed load, said in the user's language, with a button to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
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
