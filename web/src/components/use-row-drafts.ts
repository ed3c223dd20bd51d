/**
 * The rows of a list edited in place and saved one at a time, each by its own "Salvar"
 * (RowSaveButton) — the distribution's policies and people, the service levels' targets: what each
 * row has typed stays a draft of the screen until it is saved (so a live refresh of the list never
 * overwrites it), with the errors under its fields, and which row is saving. One piece so those
 * lists keep, clear and refuse their rows alike; the feature keeps what a draft is, its checks and
 * its messages.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

/** A row's refused save: the messages under the fields they name, the rest (or null) for a toast. */
export interface RowFailure<Errors> {
  fields: Errors;
  general: string | null;
}

export interface RowDrafts<Key extends string | number, Draft, Errors> {
  /** What the row has typed, or undefined while it shows what was saved. */
  draft: (key: Key) => Draft | undefined;
  /** The errors under the row's fields, or undefined when it has none. */
  errors: (key: Key) => Errors | undefined;
  /** The row's save is on its way. */
  isSaving: (key: Key) => boolean;
  /** Something was typed: the row's new draft, and its errors go (they were about what it held). */
  edit: (key: Key, draft: Draft) => void;
  /** Sets the row's draft and leaves its errors as they are. */
  setDraft: (key: Key, draft: Draft) => void;
  /** Errors to show under the row's fields (its own check before sending, or the server's). */
  refuse: (key: Key, errors: Errors) => void;
  /** The server refused the row's save: its fields' messages under them, the rest in a red toast titled `title`. */
  fail: (key: Key, failure: RowFailure<Errors>, title: string) => void;
  /** The row was saved (or reset): its draft and errors go, it shows what the server holds. */
  forget: (key: Key) => void;
  /** Marks the row whose save is on its way (null: none). */
  setSaving: (key: Key | null) => void;
}

function without<Key extends string | number, T>(record: Partial<Record<Key, T>>, key: Key): Partial<Record<Key, T>> {
  if (!(key in record)) return record;
  const rest = { ...record };
  delete rest[key];
  return rest;
}

export function useRowDrafts<Key extends string | number, Draft, Errors>(): RowDrafts<Key, Draft, Errors> {
  const [drafts, setDrafts] = useState<Partial<Record<Key, Draft>>>({});
  const [errors, setErrors] = useState<Partial<Record<Key, Errors>>>({});
  const [saving, setSaving] = useState<Key | null>(null);

  const setDraft = (key: Key, draft: Draft) => setDrafts((current) => ({ ...current, [key]: draft }));
  const refuse = (key: Key, rowErrors: Errors) => setErrors((current) => ({ ...current, [key]: rowErrors }));

  return {
    draft: (key) => drafts[key],
    errors: (key) => errors[key],
    isSaving: (key) => saving === key,
    edit: (key, draft) => {
      setDraft(key, draft);
      setErrors((current) => without(current, key));
    },
    setDraft,
    refuse,
    fail: (key, failure, title) => {
      refuse(key, failure.fields);
      if (failure.general) notifications.show({ color: 'red', title, message: failure.general });
    },
    forget: (key) => {
      setDrafts((current) => without(current, key));
      setErrors((current) => without(current, key));
    },
    setSaving,
  };
}
