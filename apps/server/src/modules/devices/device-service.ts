import { inArray } from 'drizzle-orm';
import {
  DEVICE_MESSAGE,
  DEVICE_ROLE_FIELDS,
  defaultChannels,
  MESSAGE,
  type TChannelRole,
  ERROR,
  issuesToFields,
  messageKey,
  ZDeviceCreate,
  type TDeviceCreate,
  type TDeviceImportReport,
  type TDeviceImportRow,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { networkServers } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { TAuthUser } from '../../identity/auth-user';
import { requireBodyNetworkServer } from '../network-servers/network-server-repository';
import { parseDeviceCsv } from './device-csv';
import { existingEuis, insertUnassignedDevices, type TNewDevice } from './device-provisioning';

function euiTaken(eui: string): ApiError {
  return new ApiError(409, ERROR.euiTaken, `A device with EUI ${eui} exists`, { eui: ERROR.euiTaken });
}

/**
 * The channel roles of a new device by channel id (docs/logbook.md, "Roles"), or the fields naming a
 * temperature channel its type does not have (role3 of a V1).
 */
function rolesOf(body: TDeviceCreate): { roles: Partial<Record<string, TChannelRole>>; fields: Record<string, string> | null } {
  const channels = new Set(defaultChannels(body.type).map((channel) => channel.id));
  const roles: Partial<Record<string, TChannelRole>> = {};
  const fields: Record<string, string> = {};
  for (const [field, channelId] of Object.entries(DEVICE_ROLE_FIELDS)) {
    const role = body[field as keyof typeof DEVICE_ROLE_FIELDS];
    if (role === undefined) continue;
    if (channels.has(channelId)) roles[channelId] = role;
    else fields[field] = MESSAGE.oneOf;
  }
  return { roles, fields: Object.keys(fields).length ? fields : null };
}

/** POST /devices: one unassigned device; 409 when the EUI exists, 400 for an unknown network server. */
export async function createDevice(db: TDb, user: TAuthUser, body: TDeviceCreate): Promise<string> {
  return db.transaction(async (tx) => {
    const server = await requireBodyNetworkServer(tx, body.networkServer);
    if ((await existingEuis(tx, [body.eui])).size > 0) throw euiTaken(body.eui);
    const { roles, fields } = rolesOf(body);
    if (fields) throw ApiError.badRequest('A role for a channel this type does not have', fields);
    const device: TNewDevice = { ...body, roles, networkServerId: server.id, networkServer: server.name };
    const inserted = await insertUnassignedDevices(tx, [device], { userEmail: user.email, via: 'api' });
    // Inserted by another request between the check and the insert.
    if (!inserted.has(body.eui)) throw euiTaken(body.eui);
    return body.eui;
  });
}

/**
 * POST /devices/import: every row is checked on its own; the good rows are imported together in
 * one transaction and the bad ones are listed with their reason, so one typo does not hold up a
 * delivery of a hundred nodes. A file that cannot be read at all is refused as a whole (400).
 */
export async function importDevices(db: TDb, user: TAuthUser, csv: string): Promise<TDeviceImportReport> {
  const lines = parseDeviceCsv(csv);
  return db.transaction(async (tx) => {
    const names = [...new Set(lines.flatMap((line) => (line.values.networkServer ? [line.values.networkServer] : [])))];
    const servers = names.length
      ? await tx.select({ id: networkServers.id, name: networkServers.name }).from(networkServers).where(inArray(networkServers.name, names))
      : [];
    const serverByName = new Map(servers.map((server) => [server.name, server]));

    const report: TDeviceImportRow[] = [];
    const candidates: { line: TDeviceImportRow; device: TNewDevice }[] = [];
    const firstRowOf = new Map<string, number>();
    for (const { row, values } of lines) {
      const eui = (values.eui ?? '').trim();
      // Lenient with case where a spreadsheet user would be: v2 is V2, ns is NS.
      const parsed = ZDeviceCreate.safeParse({ ...values, type: values.type?.toUpperCase(), encryptionMode: values.encryptionMode?.toUpperCase() });
      if (!parsed.success) {
        report.push({ row, eui, status: 'refused', key: ERROR.badRequest, fields: issuesToFields(parsed.error.issues) });
        continue;
      }
      const body = parsed.data;
      const earlier = firstRowOf.get(body.eui);
      if (earlier !== undefined) {
        report.push({ row, eui: body.eui, status: 'refused', key: messageKey(ERROR.euiDuplicateInFile, { row: earlier }), fields: { eui: ERROR.euiDuplicateInFile } });
        continue;
      }
      firstRowOf.set(body.eui, row);
      const server = serverByName.get(body.networkServer);
      if (!server) {
        report.push({
          row,
          eui: body.eui,
          status: 'refused',
          key: ERROR.badRequest,
          fields: { networkServer: messageKey(DEVICE_MESSAGE.unknownNetworkServer, { name: body.networkServer }) },
        });
        continue;
      }
      const { roles, fields } = rolesOf(body);
      if (fields) {
        report.push({ row, eui: body.eui, status: 'refused', key: ERROR.badRequest, fields });
        continue;
      }
      const line: TDeviceImportRow = { row, eui: body.eui, status: 'imported' };
      report.push(line);
      candidates.push({ line, device: { ...body, roles, networkServerId: server.id, networkServer: server.name } });
    }

    const taken = await existingEuis(tx, candidates.map((candidate) => candidate.device.eui));
    const fresh = candidates.filter((candidate) => !taken.has(candidate.device.eui));
    const inserted = await insertUnassignedDevices(tx, fresh.map((candidate) => candidate.device), { userEmail: user.email, via: 'csv' });
    for (const { line, device } of candidates) {
      if (!inserted.has(device.eui)) Object.assign(line, { status: 'refused', key: ERROR.euiTaken, fields: { eui: ERROR.euiTaken } });
    }
    const imported = report.filter((line) => line.status === 'imported').length;
    return { imported, refused: report.length - imported, rows: report };
  });
}
