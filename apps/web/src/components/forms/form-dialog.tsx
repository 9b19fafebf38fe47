import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Where a dialog fills the screen: the phone width of the shell (36em, Mantine's `xs`). */
export const PHONE_QUERY = '(max-width: 36em)';

type TFormDialogProps = {
  title: ReactNode;
  onClose: () => void;
  /** The close button's accessible name, translated. */
  closeLabel: string;
  /** While saving, a click outside does not close the dialog. */
  busy?: boolean;
  /** The width on a wider screen; a phone always gets the full screen. */
  size?: ModalProps['size'];
  children: ReactNode;
};

/**
 * The one Add/Edit dialog (the catalogue's forms and the wizard's entries): full screen on a phone,
 * top-aligned elsewhere. Never `centered`: a full-screen dialog that is also centred sits in the
 * middle of the layout viewport, and on a touch phone that viewport grows for one frame when a
 * Select's list first opens (the list is placed before it has its width, so it sticks out past
 * the screen and the browser zooms out): the centred dialog then moved and widened its field,
 * the list followed, the field left the screen, the list hid itself, the page shrank back and it
 * all began again, so no option could be tapped (issue 18 item 1).
 */
export function FormDialog({
  title,
  onClose,
  closeLabel,
  busy = false,
  size = 'xl',
  children,
}: TFormDialogProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': closeLabel }}
      closeOnClickOutside={!busy}
    >
      {children}
    </Modal>
  );
}
