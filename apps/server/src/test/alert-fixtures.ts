import { eq } from 'drizzle-orm';
import { RIGHT_FLAGS, USER_TYPE_ADMINISTRATOR, type TPortalRights, type TUplinkMessage } from '@aquasmart/domain';
import type { TDb } from '../db/database';
import { userCustomers, users } from '../db/schema';
import { syntheticFleet } from '../../../../tools/simulator/src/model/fleet';
import { createNode, flushMessage, messageId } from '../../../../tools/simulator/src/model/node';
import { DEFAULT_BEHAVIOUR, type TNodeSpec, type TTimedUplink } from '../../../../tools/simulator/src/model/types';
import { chirpstackUpEvent, DEFAULT_CHIRPSTACK_APPLICATION } from '../../../../tools/simulator/src/wire/chirpstack';
import { seedDevice, seedNetworkServer } from './intake-fixtures';
import { insertCustomer, insertLocation } from './places-fixtures';

/**
 * The world of the e-mail alert tests (docs/alerts.md): two customers with a location each, nodes
 * made by the simulator's synthetic fleet and registered there, and users who do or do not
 * subscribe. Uplinks are the simulator's: its node model makes the flush (a stuck valve) and its
 * ChirpStack wire format carries it.
 */

export const ALERT_SECRET = 'alert-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
export const PUBLIC_URL = 'https://portal.example.nl';
export const MAIL_FROM = 'Aquasmart Portal <portal@example.nl>';
export const CUSTOMER_A = 'Gemeente Utrecht';
/** A name with characters a URL must encode. */
export const LOCATION_A = 'Stadhuis / Kelder #2';
export const CUSTOMER_B = 'Zorggroep Noord';
export const LOCATION_B = 'Kliniek';
/** The simulated flushes happen at this moment (a winter afternoon: 16:30 in Amsterdam). */
export const FLUSH_AT_MS = Date.UTC(2026, 0, 15, 15, 30, 0);

export interface TAlertWorld {
  networkServerId: number;
  customerA: number;
  locationA: number;
  customerB: number;
  locationB: number;
  /** Nodes at customer A, then one at customer B (the last). */
  nodes: TNodeSpec[];
}

/** Seeds the places and registers `count` synthetic V2 nodes at customer A and one at customer B. */
export async function seedAlertWorld(db: TDb, count = 1): Promise<TAlertWorld> {
  const networkServerId = await seedNetworkServer(db, 'ChirpStack alerts', 'chirpstack', ALERT_SECRET);
  const customerA = await insertCustomer(db, CUSTOMER_A);
  const locationA = await insertLocation(db, customerA, LOCATION_A);
  const customerB = await insertCustomer(db, CUSTOMER_B);
  const locationB = await insertLocation(db, customerB, LOCATION_B);
  const nodes = syntheticFleet({ nodes: count + 1, seed: 14, types: ['V2'] });
  for (const [index, spec] of nodes.entries()) {
    const atB = index === count;
    await seedDevice(db, spec.eui, 'V2', networkServerId, {
      name: index === 0 ? 'Kraan <keuken> & bad' : spec.name,
      customerId: atB ? customerB : customerA,
      locationId: atB ? locationB : locationA,
      flushMinimumTemperatureDeviation: 2,
    });
  }
  return { networkServerId, customerA, locationA, customerB, locationB, nodes };
}

export interface TSubscriber {
  email: string;
  language?: 'nl' | 'en';
  administrator?: boolean;
  rights?: Partial<TPortalRights>;
  customers?: number[];
  flush?: boolean;
  overflow?: boolean;
  /** The monthly logbook by e-mail (docs/logbook.md). */
  logbook?: boolean;
}

export async function insertSubscriber(db: TDb, user: TSubscriber): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      firstName: user.email.split('@')[0],
      lastName: 'Test',
      passwordHash: 'not-used',
      language: user.language ?? 'nl',
      type: user.administrator ? USER_TYPE_ADMINISTRATOR : null,
      portalRights: user.administrator ? Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, true])) : (user.rights ?? {}),
      flushEmailAlerts: user.flush ?? false,
      overflowEmailAlerts: user.overflow ?? false,
      logbookEmails: user.logbook ?? false,
    })
    .returning({ id: users.id });
  for (const customerId of user.customers ?? []) await db.insert(userCustomers).values({ userId: row.id, customerId });
  return row.id;
}

export async function setToggles(db: TDb, email: string, toggles: { flush?: boolean; overflow?: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ ...(toggles.flush === undefined ? {} : { flushEmailAlerts: toggles.flush }), ...(toggles.overflow === undefined ? {} : { overflowEmailAlerts: toggles.overflow }) })
    .where(eq(users.email, email));
}

let counter = 1000;

function timed(spec: TNodeSpec, atMs: number, message: TUplinkMessage): TTimedUplink {
  counter += 1;
  return { eui: spec.eui, type: spec.type, atMs, fCnt: counter, message, receptions: [{ gatewayId: spec.radio.gateways[0], rssi: -90, snr: 6 }] };
}

/** The ChirpStack `up` event of a flush the simulator's node model makes: a stuck valve (weak) or a good one. */
export function simulatedFlushEvent(spec: TNodeSpec, atMs: number, weak: boolean): Record<string, unknown> {
  const node = createNode(spec, { ...DEFAULT_BEHAVIOUR, flushFailureRate: weak ? 1 : 0 }, atMs - 3_600_000, 14);
  const message = flushMessage(node, atMs);
  return chirpstackUpEvent(timed(spec, atMs, message), DEFAULT_CHIRPSTACK_APPLICATION);
}

/** The ChirpStack `up` event of a water detection (detected) or of its end, in the simulator's wire format. */
export function simulatedOverflowEvent(spec: TNodeSpec, atMs: number, detected: boolean, resistance: number): Record<string, unknown> {
  const msgId = messageId(spec.type, 'overflow')!;
  const message: TUplinkMessage = { kind: 'overflow', msgId, timestamp: Math.floor(atMs / 1000), resistance, detected };
  return chirpstackUpEvent(timed(spec, atMs, message), DEFAULT_CHIRPSTACK_APPLICATION);
}
