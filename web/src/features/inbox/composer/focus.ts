/** Moves the focus to the first field of a form marked wrong, once its errors are rendered. */
export function focusFirstInvalid(formId: string): void {
  window.setTimeout(
    () => document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    0,
  );
}
