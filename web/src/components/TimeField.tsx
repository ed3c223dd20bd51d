/**
 * A time of day, 24-hour `HH:MM` whatever the browser's language (a native `time` field shows
 * `06:00 PM` in an English browser): a text field that takes `09:05`, `9:05` or `0905` and holds
 * `HH:MM` ('' = none), what the screens and the server use. While typing, the field keeps what is
 * typed and the value follows each whole time; when left, it shows the value again.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type FocusEvent } from 'react';
import { parseTypedTime } from '../lib/dates';

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** `HH:MM`, or '' (or absent) for none. */
  value?: string;
  onChange: (value: string) => void;
}

export function TimeField({ value = '', onChange, onBlur, ...props }: TimeFieldProps) {
  const [text, setText] = useState(value);
  // The value this field last showed or set: a new one from outside (a reset) replaces the text.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }
  const change = (next: string) => {
    setKnown(next);
    onChange(next);
  };
  return (
    <TextInput
      placeholder="HH:MM"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        const time = parseTypedTime(typed);
        if (time !== null) change(time);
        else if (typed.trim() === '') change('');
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setText(value);
        onBlur?.(event);
      }}
    />
  );
}
