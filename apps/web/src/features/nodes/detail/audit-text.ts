/**
 * One audit log entry's `value` in words (the #auditLog tab). The entries are written by the
 * server (provisioning, registration, settings, calibration, battery swap, and the node writes of
 * docs/nodes.md); each known `action` has a sentence, any other field is listed as
 * "field: value" so nothing the server recorded is hidden. Pure: the caller translates.
 */
export interface TAuditText {
  /** Message key under nodeDetail.audit.actions. */
  key: string;
  params: Record<string, string>;
  /** Further changed fields, already as "field: value" pairs (field names as keys under nodeDetail.audit.fields). */
  changes: { field: string; value: string }[];
  /** How a provisioning came in (api, csv, uplink): a key under nodeDetail.audit.via. */
  via?: string;
}

const SENTENCES: Record<string, readonly string[]> = {
  provision: ['type', 'version', 'networkServer'],
  register: ['customer', 'location'],
  calibration: ['channel', 'measured', 'calibrated', 'offset'],
  calibrationEdit: ['channel', 'offset'],
  batterySwap: [],
  settings: ['registers'],
  remove: [],
  edit: [],
  move: [],
  channel: ['channel'],
};
/** Fields that say how, not what: never listed as changes. */
const QUIET = new Set(['action', 'via', 'encryptionMode', 'values', 'presets']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as a person reads it: numbers with a decimal comma in Dutch are left to the caller; lists joined. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(plainValue).filter(Boolean).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key} ${plainValue(inner)}`.trim())
      .join(', ');
  }
  return String(value);
}

/** Channel ids as the engineer knows them: temperature2 -> "Temperatuur 2" is left to the caller's channel names. */
function flatten(value: Record<string, unknown>, prefix = ''): { field: string; value: unknown }[] {
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isRecord(inner) && !prefix ? flatten(inner, path) : [{ field: path, value: inner }];
  });
}

export function auditText(value: unknown): TAuditText {
  if (!isRecord(value)) return { key: 'changed', params: {}, changes: value === null || value === undefined ? [] : [{ field: '', value: plainValue(value) }] };
  const action = typeof value.action === 'string' ? value.action : '';
  const sentence = SENTENCES[action];
  const used = new Set(sentence ?? []);
  const params: Record<string, string> = { action };
  for (const field of sentence ?? []) params[field] = plainValue(value[field]);
  const changes = flatten(value)
    .filter(({ field }) => !QUIET.has(field) && !used.has(field))
    .map(({ field, value: inner }) => ({ field, value: plainValue(inner) }));
  const via = typeof value.via === 'string' ? value.via : undefined;
  const key = sentence ? action : action ? 'other' : 'changed';
  return via ? { key, params, changes, via } : { key, params, changes };
}
