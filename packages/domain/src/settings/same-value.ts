/**
 * Whether two register values are the same, whatever the order of their keys. PostgreSQL's jsonb
 * (and PGlite's) gives keys back sorted by length, then bytes, so a stored flush period reads
 * `{ stop, start, daysEnabled, flushCycles }`: comparing JSON texts would see a change where
 * there is none and send a register nobody changed.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // A key holding undefined is the same as no key (JSON drops both).
  const keys = (value: object) => Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const left = keys(a);
  const right = keys(b);
  return left.length === right.length && left.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
