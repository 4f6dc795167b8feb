import { and, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
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
import { keysetBatches, keysetOrder, keysetSelection, type TKeysetKey } from '../../lib/keyset';
import { EXPORT_BATCH_SIZE } from '../../lib/csv-export';

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

/** The expression each sort field orders by, as a keyset key; the name and EUI always follow as tie-breakers. */
function sortKey(field: TDeviceSortField, descending: boolean): TKeysetKey {
  // Empty values last in both directions, except a calibration never done, which is the oldest: first going up.
  const key = (expression: SQL, type: TKeysetKey['type'], notNull = false): TKeysetKey => ({
    expression,
    type,
    descending,
    notNull,
    nullsFirst: field === 'calibration' && !descending,
  });
  switch (field) {
    case 'name':
      return key(sql`lower(${devices.name})`, 'text', true);
    case 'eui':
      return key(sql`${devices.eui}`, 'text', true);
    case 'type':
      return key(sql`${devices.type}`, 'text', true);
    case 'temperature1':
    case 'temperature2':
    case 'temperature3':
      return key(sql`${sortChannel.value}`, 'double precision');
    case 'calibration':
      return key(sql`${devices.calibrationTs}`, 'timestamptz');
    case 'lastOnline':
      return key(sql`${devices.loraTs}`, 'timestamptz');
    case 'signal':
      return key(sql`${devices.signal}`, 'smallint', true);
    case 'sync':
      return key(sql`${devices.sync}`, 'smallint', true);
  }
}

/**
 * The order of a list as keyset keys (lib/keyset.ts): the field, then name A-Z and EUI. The list's
 * ORDER BY and the export's batches are both made from these keys.
 */
function orderKeys(sort: string | undefined): { keys: TKeysetKey[]; channel: string | null } {
  const descending = sort?.startsWith('-') ?? false;
  const field = (sort ? sort.replace(/^-/, '') : 'name') as TDeviceSortField;
  const text = (expression: SQL, down: boolean): TKeysetKey => ({ expression, type: 'text', descending: down, notNull: true });
  const byName = (down: boolean) => [text(sql`lower(${devices.name})`, down), text(sql`${devices.name}`, down), text(sql`${devices.eui}`, down)];
  // Equal values keep the name order A-Z whatever the direction: what a person scanning the list expects.
  const keys = field === 'name' ? byName(descending) : field === 'eui' ? [sortKey(field, descending)] : [sortKey(field, descending), ...byName(false)];
  return { keys, channel: field.startsWith('temperature') ? field : null };
}

/** ORDER BY of a list (orderKeys). */
function orderOf(sort: string | undefined): { order: SQL[]; channel: string | null } {
  const { keys, channel } = orderKeys(sort);
  return { order: keysetOrder(keys), channel };
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

/** The rows of a list: scope, `assigned`, `search`, `conditions` and the caller's `where`. */
function listFilter(user: TAuthUser | null, query: TDeviceListQuery, where: SQL | undefined): { filter: SQL | undefined; conditions: SQL | undefined } {
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
  return { filter, conditions };
}

/** The join of the channel a temperature sort reads. */
const sortedBy =
  (channel: string | null) =>
  <TQuery extends PgSelect>(select: TQuery) =>
    channel ? select.leftJoin(sortChannel, and(eq(sortChannel.deviceEui, devices.eui), eq(sortChannel.channelId, channel))) : select;

export async function listDevicePage(db: TDb, user: TAuthUser | null, query: TDeviceListQuery, where?: SQL): Promise<TDevicePage> {
  const projection = parseProjection(query.projection, projectableFields(DEVICE_FIELDS));
  const { filter, conditions } = listFilter(user, query, where);
  const { order, channel } = orderOf(query.sort);
  const sorted = sortedBy(channel);
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

/** A temperature channel's value, as the list's temperature columns show it. */
const channelValue = (channel: string) =>
  sql<number | null>`(SELECT c.value FROM device_channels c WHERE c.device_eui = ${devices.eui} AND c.channel_id = ${channel})`;

/** One row of the node export (docs/exports.md): the list's columns. */
export const deviceExportSelection = {
  name: devices.name,
  eui: devices.eui,
  customer: customers.name,
  location: locations.name,
  gateway: gateways.name,
  type: devices.type,
  version: devices.version,
  temperature1: channelValue('temperature1'),
  temperature2: channelValue('temperature2'),
  temperature3: channelValue('temperature3'),
  calibration: devices.calibrationTs,
  sync: devices.sync,
  signal: devices.signal,
  rssi: devices.rssi,
  lastOnline: devices.loraTs,
};
export interface TDeviceExportRow {
  name: string;
  eui: string;
  customer: string | null;
  location: string | null;
  gateway: string | null;
  type: string;
  version: string | null;
  temperature1: number | null;
  temperature2: number | null;
  temperature3: number | null;
  calibration: Date | null;
  sync: number;
  signal: number;
  rssi: number | null;
  lastOnline: Date | null;
}

/**
 * Every row of a list (the same filter and order as listDevicePage, all pages) in keyset batches
 * (lib/keyset.ts), for the export: one batch in memory at a time.
 */
export function deviceExportBatches(db: TDb, user: TAuthUser | null, query: TDeviceListQuery, where?: SQL, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TDeviceExportRow[]> {
  const { filter } = listFilter(user, query, where);
  const { keys, channel } = orderKeys(query.sort);
  const sorted = sortedBy(channel);
  return keysetBatches(
    keys,
    (after, limit) =>
      sorted(withNamedPlaces(db.select({ ...deviceExportSelection, ...keysetSelection(keys) }).from(devices).$dynamic()))
        .where(and(filter, after))
        .orderBy(...keysetOrder(keys))
        .limit(limit) as unknown as Promise<(TDeviceExportRow & Record<string, unknown>)[]>,
    batchSize,
  ) as AsyncGenerator<TDeviceExportRow[]>;
}
