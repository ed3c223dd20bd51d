/**
 * A row's own "Salvar" in a list edited in place (components/use-row-drafts.ts): in the table's last
 * cell, and across the phone's card (`fullWidth`). Named for screen readers by whose it is, since
 * every row has one. One piece so those lists' rows save alike.
 */
import { Button } from '@mantine/core';

export interface RowSaveButtonProps {
  /** Whose save it is, for screen readers ("Salvar Sem departamento"). */
  label: string;
  /** The row's draft differs from what is saved (else there is nothing to save). */
  changed: boolean;
  saving: boolean;
  /** Something else on the row is on its way (the button waits for it). */
  busy?: boolean;
  onSave: () => void;
  fullWidth?: boolean;
}

export function RowSaveButton({ label, changed, saving, busy = false, onSave, fullWidth }: RowSaveButtonProps) {
  return (
    <Button
      size="sm"
      disabled={!changed || busy}
      loading={saving}
      onClick={onSave}
      aria-label={label}
      fullWidth={fullWidth}
    >
      Salvar
    </Button>
  );
}
