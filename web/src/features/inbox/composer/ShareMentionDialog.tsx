/**
 * Asked before a note mentions someone who does not see its ticket (docs/notes.md): mentioning
 * them shares the ticket with them — they get an invitation to take part — so the note goes only
 * once the writer agrees ("Compartilhar e enviar", `shareWithMentioned: true`).
 */
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { shareQuestion } from './share-text';

export interface ShareMentionDialogProps {
  /** Those mentioned who do not see the ticket; none: closed. */
  people: readonly { name: string }[];
  onConfirm: () => void;
  onClose: () => void;
}

export function ShareMentionDialog({ people, onConfirm, onClose }: ShareMentionDialogProps) {
  return (
    <ConfirmDialog
      opened={people.length > 0}
      title="Compartilhar o atendimento?"
      confirmLabel="Compartilhar e enviar"
      color="indigo"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {shareQuestion(people.map((person) => person.name))}
    </ConfirmDialog>
  );
}
