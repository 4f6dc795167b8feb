/**
 * A datetime-local field's value and the instant it means, in the browser's zone (the deviation's
 * action and the planned disinfection's dialogs, docs/logbook.md).
 */

/** A moment as the value of a datetime-local field, in the browser's zone: 2026-10-09T08:30. */
export function localInputValue(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local field's value as an instant with the browser's offset; '' stays '' (the schema says it is required). */
export function instantOf(local: string): string {
  if (!local) return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}
