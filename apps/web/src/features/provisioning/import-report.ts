import { DEVICE_CSV_COLUMNS, parseMessageKey, type TDeviceImportRow } from '@aquasmart/domain';

/** The key of a refusal whose reasons are all in `fields` (field rules, unknown network server). */
const GENERIC_REFUSAL = 'errors.badRequest';

/** One reason a row was refused: the column it concerns (null for the row as a whole) and an encoded message key. */
export interface TRefusalReason {
  field: string | null;
  message: string;
}

/**
 * Why the import refused a row, without saying the same thing twice: the row's key (unless it
 * is the generic "invalid input") and then the field messages that add something to it.
 */
export function refusalReasons(row: TDeviceImportRow): TRefusalReason[] {
  if (row.status !== 'refused') return [];
  const reasons: TRefusalReason[] = [];
  const rowKey = row.key ? parseMessageKey(row.key).key : null;
  if (row.key && rowKey !== GENERIC_REFUSAL) reasons.push({ field: null, message: row.key });
  for (const [field, message] of Object.entries(row.fields ?? {})) {
    if (parseMessageKey(message).key !== rowKey) reasons.push({ field, message });
  }
  if (reasons.length === 0) reasons.push({ field: null, message: row.key ?? GENERIC_REFUSAL });
  return reasons;
}

/** The label key of a CSV column named in a reason (the form's labels); null for unknown columns. */
export function columnLabelKey(field: string): string | null {
  return (DEVICE_CSV_COLUMNS as readonly string[]).includes(field) ? `provisioning.${field}` : null;
}

/** Refused rows first (they need attention), each group in file order. */
export function reportOrder(rows: readonly TDeviceImportRow[]): TDeviceImportRow[] {
  return [...rows].sort((a, b) => (a.status === b.status ? a.row - b.row : a.status === 'refused' ? -1 : 1));
}

/** A short CSV the screen shows as an example, with a header and the network server named. */
export function csvExample(networkServer: string): string {
  return [
    'eui;type;version;networkServer;encryptionMode',
    `70B3D5E75E00A1B2;V2;1.0;${networkServer};NS`,
    `70B3D5E75E00A1B3;V3;2.1;${networkServer};`,
  ].join('\n');
}
