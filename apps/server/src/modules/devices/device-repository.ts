import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, ERROR, isEui, normalizeEui, type TDevice, type TDeviceListItem, type TDeviceSortField } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, deviceChannels, devices, gateways, locations, networkServers, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { customerScopeCondition } from '../../identity/customer-scope';
import { containsText, parseConditions, parseProjection, projectableFields, selectionFor } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { DEVICE_CONDITION_FIELDS, DEVICE_FIELDS } from './device-fields';

export type TDeviceRow = typeof devices.$inferSelect;

export interface TDeviceListQuery {
  conditions?: string;
  projection?: string;
  page?: number;
  limit?: number;
  /** A field of DEVICE_SORT_FIELDS, '-' in front for descending. */
  sort?: string;
  /** Case-insensitive part of the name or the EUI. */
  search?: string;
  /** true: customer and location set (the node list); false: either missing (to register). */
  assigned?: boolean;
}

export interface TDevicePage {
  rows: TDeviceListItem[];
  /** Rows matching scope, filters, conditions and search; only counted for a paged request. */
  total: number | null;
}

/** The channel a temperature sort reads (joined only when sorting by it). */
const sortChannel = alias(deviceChannels, 'sort_channel');

/** The expression each sort field orders by; the name and EUI always follow as tie-breakers. */
function sortExpression(field: TDeviceSortField): SQL | typeof devices.eui {
  switch (field) {
    case 'name':
      return sql`lower(${devices.name})`;
    case 'eui':
      return devices.eui;
    case 'type':
      return sql`${devices.type}`;
    case 'temperature1':
    case 'temperature2':
    case 'temperature3':
      return sql`${sortChannel.value}`;
    case 'calibration':
      return sql`${devices.calibrationTs}`;
    case 'lastOnline':
      return sql`${devices.loraTs}`;
    case 'signal':
      return sql`${devices.signal}`;
    case 'sync':
      return sql`${devices.sync}`;
  }
}

/**
 * ORDER BY of a list: the field (empty values last in both directions, except a calibration never
 * done, which is the oldest: first going up, last going down), then name A-Z and EUI.
 */
function orderOf(sort: string | undefined): { order: SQL[]; channel: string | null } {
  const descending = sort?.startsWith('-') ?? false;
  const field = (sort ? sort.replace(/^-/, '') : 'name') as TDeviceSortField;
  const expression = sortExpression(field);
  const first = descending ? sql`${expression} DESC NULLS LAST` : field === 'calibration' ? sql`${expression} ASC NULLS FIRST` : sql`${expression} ASC NULLS LAST`;
  const byName = [asc(sql`lower(${devices.name})`), asc(devices.name), asc(devices.eui)];
  const byNameDescending = [desc(sql`lower(${devices.name})`), desc(devices.name), desc(devices.eui)];
  // Equal values keep the name order A-Z whatever the direction: what a person scanning the list expects.
  const order = field === 'name' ? (descending ? byNameDescending : byName) : field === 'eui' ? [first] : [first, ...byName];
  return { order, channel: field.startsWith('temperature') ? field : null };
}

/**
 * The devices a user may see: administrators all of them; everyone else only devices assigned
 * to a customer, and with a customer list only those customers' devices. Unassigned devices
 * (provisioned, removed, or created by an unknown uplink) are the administrators' business.
 */
export function deviceScopeCondition(user: TAuthUser): SQL | undefined {
  if (isAdministrator(user)) return undefined;
  return and(isNotNull(devices.customerId), customerScopeCondition(user, devices.customerId));
}

/**
 * The device with this EUI (any case) when the user may see it; 404 otherwise, also for a malformed
 * EUI. `lock`: the row is locked for the caller's transaction (FOR UPDATE), as the intake worker
 * locks it while it applies readings.
 */
export async function requireVisibleDevice(db: TDbOrTx, user: TAuthUser, eui: string, { lock = false }: { lock?: boolean } = {}): Promise<TDeviceRow> {
  if (!isEui(eui)) throw ApiError.notFound(`No device ${eui}`);
  const query = db
    .select()
    .from(devices)
    .where(and(eq(devices.eui, normalizeEui(eui)), deviceScopeCondition(user)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ApiError.notFound(`No device ${eui}`);
  return row;
}

/**
 * The joins that give a device's customer, location, gateway, flush device and network server
 * their names (the fields conditions, sorting and projection use); the page and its count share them.
 */
function withNamedPlaces<TQuery extends PgSelect>(query: TQuery) {
  return query
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(gateways, eq(gateways.id, devices.gatewayId))
    .leftJoin(products, eq(products.id, devices.flushDeviceId))
    .leftJoin(networkServers, eq(networkServers.id, devices.networkServerId));
}

/**
 * Devices the user may see with the projected fields, sorted (by name unless `sort` says
 * otherwise), filtered by `assigned`, `search` and `conditions`; one page when `page` or `limit`
 * is given, and then also the total. Everything happens in SQL. `where` reads the devices table's
 * own columns only (a paged request reads it without the name joins).
 */
/** The most rows an unpaged device list answers (docs/operations-limits.md, "One user's reads"). */
export const UNPAGED_MAX_ROWS = 10_000;

export async function listDevicePage(db: TDb, user: TAuthUser | null, query: TDeviceListQuery, where?: SQL): Promise<TDevicePage> {
  const projection = parseProjection(query.projection, projectableFields(DEVICE_FIELDS));
  const conditions = parseConditions(query.conditions, DEVICE_CONDITION_FIELDS);
  const search = query.search?.trim();
  const filter = and(
    user ? deviceScopeCondition(user) : undefined,
    query.assigned === true ? and(isNotNull(devices.customerId), isNotNull(devices.locationId)) : undefined,
    query.assigned === false ? or(isNull(devices.customerId), isNull(devices.locationId)) : undefined,
    search ? or(containsText(devices.name, search), containsText(devices.eui, search)) : undefined,
    conditions,
    where,
  );
  const { order, channel } = orderOf(query.sort);
  const sorted = <TQuery extends PgSelect>(select: TQuery) =>
    channel ? select.leftJoin(sortChannel, and(eq(sortChannel.deviceEui, devices.eui), eq(sortChannel.channelId, channel))) : select;
  const selection = selectionFor(projection, DEVICE_FIELDS);
  const paged = query.page !== undefined || query.limit !== undefined;
  if (!paged) {
    // An unpaged answer is capped (docs/operations-limits.md, "One user's reads"): more rows than UNPAGED_MAX_ROWS is a 400 asking
    // for pages, never a silently cut list; the read stops at the first row past the cap.
    const rows = await sorted(withNamedPlaces(db.select(selection).from(devices).$dynamic()))
      .where(filter)
      .orderBy(...order)
      .limit(UNPAGED_MAX_ROWS + 1);
    if (rows.length > UNPAGED_MAX_ROWS) {
      throw new ApiError(400, ERROR.listTooLarge, `More than ${UNPAGED_MAX_ROWS} rows match; ask with page and limit`, undefined, { max: UNPAGED_MAX_ROWS });
    }
    return { rows, total: null };
  }
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  // Deep pages (docs/nodes.md, "Deep pages"): the page's EUIs first, from the devices table alone
  // (the name joins only when a condition reads a name), so that the name order is an index-only
  // scan of the list's own index (0007_deep_pages.sql); then the whole shape, with its per-row
  // subqueries, for those rows alone. Page and count are independent: on PostgreSQL they run side
  // by side on two connections.
  const narrow = <TQuery extends PgSelect>(select: TQuery) => (conditions ? withNamedPlaces(select) : select);
  const [page, [counted]] = await Promise.all([
    sorted(narrow(db.select({ eui: devices.eui }).from(devices).$dynamic()))
      .where(filter)
      .orderBy(...order)
      .limit(limit)
      .offset(((query.page ?? 1) - 1) * limit),
    narrow(db.select({ total: count() }).from(devices).$dynamic()).where(filter),
  ]);
  const euis = page.map((row) => row.eui);
  const found = euis.length
    ? await withNamedPlaces(db.select({ ...selection, pageEui: devices.eui }).from(devices).$dynamic()).where(inArray(devices.eui, euis))
    : [];
  const byEui = new Map(found.map(({ pageEui, ...row }) => [pageEui, row]));
  // In the page's order; a node deleted between the two reads is left out.
  const rows = euis.flatMap((eui) => byEui.get(eui) ?? []);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The rows of listDevicePage. */
export async function listDevices(db: TDb, user: TAuthUser | null, query: TDeviceListQuery, where?: SQL): Promise<TDeviceListItem[]> {
  return (await listDevicePage(db, user, query, where)).rows;
}

/** The whole node shape without a scope check: the answer to a write the caller was allowed to make. */
export async function readDeviceUnscoped(db: TDb, eui: string): Promise<TDevice> {
  const [device] = await listDevices(db, null, {}, eq(devices.eui, eui));
  if (!device) throw ApiError.notFound(`No device ${eui}`);
  return device as TDevice;
}

/** GET /devices/{eui}: the whole node shape. */
export async function readDevice(db: TDb, user: TAuthUser, eui: string): Promise<TDevice> {
  const row = await requireVisibleDevice(db, user, eui);
  const [device] = await listDevices(db, user, {}, eq(devices.eui, row.eui));
  if (!device) throw ApiError.notFound(`No device ${eui}`);
  return device as TDevice;
}
