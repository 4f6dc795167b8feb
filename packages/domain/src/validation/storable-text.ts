/**
 * Text that PostgreSQL cannot store: a NUL character (refused in text and jsonb) and a lone
 * UTF-16 surrogate (refused as a jsonb escape, mangled in text). One rule for every text that
 * enters the server, so bad input is a 400 naming the field instead of a failed INSERT.
 */
// eslint-disable-next-line no-control-regex -- NUL is the character this rule exists to refuse
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first text (a string value or an object key) in a parsed JSON value that
 * PostgreSQL cannot store, e.g. `uplink.deviceInfo.applicationId`; null when all text is fine.
 */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(value)';
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorableText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
