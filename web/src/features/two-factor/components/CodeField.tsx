/**
 * The 6-digit code of the authenticator app: one box per digit, the browser's one-time-code
 * autofill, and the error under it. Completing the sixth digit submits (each time the six are
 * complete, also after a wrong code was cleared).
 */
import { Input, PinInput, Stack } from '@mantine/core';
import { useId } from 'react';
import { CODE_LENGTH } from '../code';

export interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function CodeField({ label, value, onChange, onComplete, error, disabled, autoFocus }: CodeFieldProps) {
  const id = useId();
  return (
    <Stack gap={6}>
      <Input.Label id={`${id}-label`} htmlFor={`${id}-1`}>
        {label}
      </Input.Label>
      <PinInput
        id={id}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        onChange={(next) => {
          onChange(next);
          // Not PinInput's onComplete: it fires once until its own boxes are emptied, so a code
          // pasted again after the caller cleared a wrong one would never submit.
          if (next.length === CODE_LENGTH) onComplete(next);
        }}
        error={Boolean(error)}
        ariaLabel={label}
        getInputProps={() => ({ 'aria-describedby': error ? `${id}-error` : undefined })}
        size="md"
      />
      {error ? <Input.Error id={`${id}-error`}>{error}</Input.Error> : null}
    </Stack>
  );
}
