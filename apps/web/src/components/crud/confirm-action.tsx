import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import type { TRow, TSelectionAction } from './define';

type TProps = {
  action: TSelectionAction | null;
  row: TRow | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before a row action (a definition's `selectionActions`): its title, text, Cancel and the action. */
export function ConfirmAction({ action, row, busy, onCancel, onConfirm }: TProps) {
  const { t } = useTranslation('crud');
  const params = action && row ? (action.confirm.params?.(row) ?? {}) : {};
  return (
    <Modal
      opened={action !== null && row !== null}
      onClose={onCancel}
      title={action ? translateKey(t, action.confirm.title, params) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <Text>{action ? translateKey(t, action.confirm.text, params) : ''}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t('form.cancel')}
        </Button>
        <Button color={action?.color} onClick={onConfirm} loading={busy}>
          {action ? translateKey(t, action.label) : ''}
        </Button>
      </Group>
    </Modal>
  );
}
