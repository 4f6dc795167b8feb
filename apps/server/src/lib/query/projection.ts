import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { TFieldMap, TSelectable } from './conditions';
import { isPlainObject } from './conditions';
import { QueryError, quote } from './query-error';

/**
 * `projection`: which fields a list returns. Space- (or comma-) separated field paths;
 * a leading `-` excludes a path.
 *
 *   "name customer"                 only these
 *   "-parameters -channels"         the default fields without these
 *   "calibration"                   a parent path: every projectable path under it
 *   "calibration -calibration.logs" inclusion with an exclusion inside an included parent
 *
 * Rules (our decisions):
 * - No projection (absent or blank): the resource's default fields (all projectable fields
 *   when the route gives no defaults).
 * - Only exclusions: the default fields minus the excluded ones.
 * - Inclusions: exactly the included fields, which may be outside the defaults.
 * - Mixing inclusion and exclusion is an error (errors.invalidProjection), except that an
 *   exclusion may cut a part out of an included parent ("calibration -calibration.logs").
 * - A path must be a projectable path or a parent of some (errors.unknownField otherwise);
 *   paths below a projectable path cannot be named, so keep projectable paths as leaves.
 * - The result lists projectable paths in the order the route declared them.
 */

export const PROJECTION_MAX_LENGTH = 2000;

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function parseProjection(
  raw: string | undefined,
  fields: readonly string[],
  defaults: readonly string[] = fields,
): string[] {
  if (raw !== undefined && raw.length > PROJECTION_MAX_LENGTH) {
    throw new QueryError('invalidProjection', { reason: `longer than ${PROJECTION_MAX_LENGTH} characters` });
  }
  const tokens = (raw ?? '').split(/[\s,]+/).filter((token) => token !== '');
  if (tokens.length === 0) return fields.filter((field) => defaults.includes(field));

  const include: string[] = [];
  const exclude: string[] = [];
  for (const token of tokens) {
    const excluded = token.startsWith('-');
    const path = excluded ? token.slice(1) : token;
    if (!PATH.test(path)) {
      throw new QueryError('invalidProjection', { reason: `"${quote(token)}" is not a field path` });
    }
    (excluded ? exclude : include).push(path);
  }

  const under = (path: string) => fields.filter((field) => field === path || field.startsWith(`${path}.`));
  const expand = (path: string) => {
    const found = under(path);
    if (found.length === 0) throw new QueryError('unknownField', { field: quote(path) });
    return found;
  };

  // `-_id` beside inclusions is the one mix the projection language allows (as in MongoDB);
  // where a resource has no `_id` it has nothing to remove.
  const removed = new Set(exclude.flatMap((path) => (path === '_id' && include.length > 0 ? under(path) : expand(path))));
  let chosen: Set<string>;
  if (include.length > 0) {
    for (const path of exclude) {
      if (path === '_id') continue;
      if (!include.some((parent) => path.startsWith(`${parent}.`))) {
        throw new QueryError('invalidProjection', {
          reason: `cannot mix inclusion and exclusion ("-${quote(path)}" is not inside an included field)`,
        });
      }
    }
    chosen = new Set(include.flatMap(expand));
  } else {
    chosen = new Set(defaults);
  }
  return fields.filter((field) => chosen.has(field) && !removed.has(field));
}

/** The projectable paths of a field map: every field whose `select` is not `false`. */
export function projectableFields(fields: TFieldMap): string[] {
  return Object.keys(fields).filter((path) => fields[path].select !== false);
}

/** A nested selection for Drizzle's `db.select(...)`: dotted paths become nested objects. */
export interface TSelection {
  [key: string]: TSelectable | TSelection;
}

/**
 * The Drizzle selection for a projection: `['name', 'calibration.interval']` becomes
 * `{ name: <expr>, calibration: { interval: <expr> } }`, so the rows come back nested.
 * Paths without a field (or with `select: false`) are skipped. Drizzle nests selections to any
 * depth at run time; its type stops at two levels, hence the cast.
 */
export function selectionFor(paths: readonly string[], fields: TFieldMap): SelectedFields {
  const selection: TSelection = {};
  for (const path of paths) {
    if (!Object.hasOwn(fields, path)) continue;
    const def = fields[path];
    if (def.select === false) continue;
    const keys = path.split('.');
    let node: TSelection | undefined = selection;
    for (const key of keys.slice(0, -1)) {
      const next: TSelectable | TSelection | undefined = Object.hasOwn(node, key) ? node[key] : undefined;
      if (next === undefined) {
        const child: TSelection = {};
        define(node, key, child);
        node = child;
      } else if (isSelection(next)) {
        node = next;
      } else {
        node = undefined; // a parent path is selected whole; this path is inside it already
        break;
      }
    }
    if (node !== undefined) define(node, keys[keys.length - 1], def.select ?? def.sql);
  }
  return selection as SelectedFields;
}

function isSelection(value: TSelectable | TSelection): value is TSelection {
  return isPlainObject(value);
}

type TTree = Map<string, TTree | true>;

/**
 * Keeps only the projected paths of an already built object (or array of objects). A path
 * that names a parent keeps the whole sub-object; a path through an array applies to each
 * element; a null parent stays null; missing paths stay missing. Returns a new object and
 * never follows or writes prototype keys.
 */
export function applyProjection<T>(value: T, projection: readonly string[]): Partial<T> {
  const tree: TTree = new Map();
  for (const path of projection) {
    let node = tree;
    const keys = path.split('.');
    for (const [i, key] of keys.entries()) {
      const existing = node.get(key);
      if (existing === true) break; // already whole
      if (i === keys.length - 1) {
        node.set(key, true);
      } else {
        const child: TTree = existing ?? new Map();
        node.set(key, child);
        node = child;
      }
    }
  }
  return project(value, tree) as Partial<T>;
}

function project(value: unknown, tree: TTree): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) {
    return value.map((item) => project(item, tree)).filter((item) => item !== undefined);
  }
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!Object.hasOwn(value, key)) continue;
    const picked = sub === true ? value[key] : project(value[key], sub);
    if (picked !== undefined) define(out, key, picked);
  }
  return out;
}

/** Sets an own property even for names such as `__proto__`. */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
