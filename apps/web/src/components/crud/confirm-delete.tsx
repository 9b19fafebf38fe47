import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TConfirmProps = { opened: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void };

/** Spec 5: 'Are you sure you want to delete the selected item?' with Cancel and Delete. */
export function ConfirmDelete({ opened, busy, onCancel, onConfirm }: TConfirmProps) {
  const { t } = useTranslation('crud');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('confirmDelete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <Text>{t('confirmDelete.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t('form.cancel')}
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={busy}>
          {t('delete')}
        </Button>
      </Group>
    </Modal>
  );
}
