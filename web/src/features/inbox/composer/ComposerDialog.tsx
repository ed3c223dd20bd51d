/**
 * A dialog the composer opens ("Enviar localização", "Enviar contato"): the house `FormModal`
 * (full screen on a phone) with the inbox's colours inside its portal, and its form mounted only
 * while open, so each opening starts blank.
 */
import type { ReactNode } from 'react';
import { FormModal } from '../../../components/FormModal';
import portal from '../components/Inbox.module.css';

export interface ComposerDialogProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The form, rendered while the dialog is open. */
  children: () => ReactNode;
}

export function ComposerDialog({ title, opened, onClose, children }: ComposerDialogProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="md" classNames={{ content: portal.portal }}>
      {opened ? children() : null}
    </FormModal>
  );
}
