import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../components/crud/notify';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resources';

/** The Outbox details' "Send again" for a failed mail: it goes back to the queue. */
export function RetryButton({ id }: { id: number }) {
  const { t } = useTranslation('mail');
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.post<void>(`/MailJob/${id}/retry`),
    onSuccess: async () => {
      notifySuccess(t, 'mail.outbox.retried');
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('MailJob') });
    },
    onError: (error) => notifyFailure(t, 'mail.outbox.retryFailed', error),
  });
  return (
    <Button
      size="xs"
      variant="default"
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      leftSection={<IconSend size={14} aria-hidden />}
    >
      {t('outbox.retry')}
    </Button>
  );
}
