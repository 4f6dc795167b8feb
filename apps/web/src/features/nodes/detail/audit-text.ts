import { formatNumber, type TFormatLocale } from '@aquasmart/domain';

/**
 * One audit log entry's `value` in words (the #auditLog tab). The entries are written by the
 * server (docs/nodes.md "Audit log"): node writes as `{ action, changes: { field: [before, after] } }`
 * (register, move, remove, batterySwap, edit; channel with `channel`), settings as
 * `{ action: 'settings', registers, changes: { '<register>.<field>': [before, after] }, values }`
 * (entries before 2026-11-26 have no `changes`), provisioning `{ action: 'provision', via, ... }`,
 * and the demo's calibration entries. Each known `action` has a sentence; every change is listed
 * as "field: before → after", any other field as "field: value", so nothing recorded is hidden.
 * Numbers are written in the reader's language (the domain's formatter: degrees with one decimal).
 * Pure: the caller translates.
 */
export interface TAuditText {
  /** Message key under nodeDetail.audit.actions. */
  key: string;
  params: Record<string, string>;
  /** Further changed fields, already as "field: value" pairs (field names as keys under nodeDetail.audit.fields). */
  changes: { field: string; value: string }[];
  /** How a provisioning came in (api, csv, uplink): a key under nodeDetail.audit.via. */
  via?: string;
  /** A settings entry's `"<register>.<field>": [before, after]`, for the settings catalogue's words (settingChanges). */
  settingChanges?: Record<string, unknown>;
}

/** Fields a sentence names with their new value whose previous value is listed too (calibration: the offset). */
const BOTH_SIDES = new Set(['offset']);
/** Units of changed fields that are numbers (the settings carry theirs in the catalogue). */
const UNITS: Record<string, string> = { offset: '°C' };
/** Fields that are temperatures, written with the temperature's one decimal. */
const DEGREES = new Set(['measured', 'calibrated', 'offset']);

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
/** Fields that say how, not what, or that no person reads (register values): never listed. */
const QUIET = new Set(['action', 'via', 'encryptionMode', 'values', 'presets', 'changes']);
/** Arrow between the value before and after a change. */
export const CHANGE_ARROW = ' → ';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as a person reads it: numbers in the language's way (a decimal comma in Dutch); lists joined. */
export function plainValue(value: unknown, locale: TFormatLocale = 'en', field = ''): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((inner) => plainValue(inner, locale)).filter(Boolean).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key} ${plainValue(inner, locale, key)}`.trim())
      .join(', ');
  }
  if (typeof value === 'number') return formatNumber(value, locale, DEGREES.has(field) ? { decimals: 1 } : { maxDecimals: 6 });
  return String(value);
}

/** Channel ids as the engineer knows them: temperature2 -> "Temperatuur 2" is left to the caller's channel names. */
function flatten(value: Record<string, unknown>, prefix = ''): { field: string; value: unknown }[] {
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isRecord(inner) && !prefix ? flatten(inner, path) : [{ field: path, value: inner }];
  });
}

const withUnit = (field: string, text: string) => (text && UNITS[field] ? `${text} ${UNITS[field]}` : text);
const isEmptyRecord = (value: unknown) => value === null || value === undefined || (isRecord(value) && Object.keys(value).length === 0);

/**
 * One change as "before → after"; a pair of records (a channel's `custom`) is one change per inner
 * field that differs, named by that field (mode, attachments).
 */
function changeLines(field: string, pair: unknown, locale: TFormatLocale): { field: string; value: string }[] {
  const plain = (value: unknown, name = field) => plainValue(value, locale, name);
  if (!Array.isArray(pair) || pair.length !== 2) return [{ field, value: plain(pair) }];
  const [before, after] = pair as [unknown, unknown];
  if ((isRecord(before) || isEmptyRecord(before)) && (isRecord(after) || isEmptyRecord(after)) && (isRecord(before) || isRecord(after))) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.filter((key) => plain(from[key], key) !== plain(to[key], key)).flatMap((key) => changeLines(key, [from[key] ?? null, to[key] ?? null], locale));
  }
  return [{ field, value: `${withUnit(field, plain(before)) || '—'}${CHANGE_ARROW}${withUnit(field, plain(after)) || '—'}` }];
}

export function auditText(value: unknown, locale: TFormatLocale = 'en'): TAuditText {
  if (!isRecord(value)) return { key: 'changed', params: {}, changes: value === null || value === undefined ? [] : [{ field: '', value: plainValue(value, locale) }] };
  const action = typeof value.action === 'string' ? value.action : '';
  const sentence = SENTENCES[action];
  const used = new Set(sentence ?? []);
  const params: Record<string, string> = { action };
  for (const field of sentence ?? []) params[field] = plainValue(value[field], locale, field);
  const changed = isRecord(value.changes) && action !== 'settings' ? value.changes : {};
  // A sentence's parameter may come from the changes (register: the new customer and location).
  for (const field of sentence ?? []) {
    const pair = changed[field];
    if (!params[field] && Array.isArray(pair) && pair.length === 2) params[field] = plainValue(pair[1], locale, field);
  }
  const changes = [
    ...Object.entries(changed)
      .filter(([field]) => !QUIET.has(field) && (!used.has(field) || BOTH_SIDES.has(field)))
      .flatMap(([field, pair]) => changeLines(field, pair, locale)),
    ...flatten(value)
      .filter(({ field }) => !QUIET.has(field) && !used.has(field) && !field.startsWith('changes.'))
      .map(({ field, value: inner }) => ({ field, value: plainValue(inner, locale, field) })),
  ];
  const via = typeof value.via === 'string' ? value.via : undefined;
  if (action === 'settings' && isRecord(value.changes)) {
    // Sent again without a change (the tab's "Opnieuw verzenden"): said as such.
    const settingChanges = value.changes;
    return { key: Object.keys(settingChanges).length ? 'settings' : 'settingsResent', params, changes, settingChanges };
  }
  const key = sentence ? action : action ? 'other' : 'changed';
  return via ? { key, params, changes, via } : { key, params, changes };
}
