import { deriveRightEntries, emptyRights, type TPortalRights } from '@aquasmart/domain';
import { userCustomers, users } from '../db/schema';
import type { TTx } from './types';

interface TDemoUser {
  email: string;
  firstName: string;
  lastName: string;
  language: 'nl' | 'en';
  rights: (keyof TPortalRights)[];
  /** Customer names the user is restricted to; empty means all. */
  customers: string[];
  flushEmailAlerts?: boolean;
  overflowEmailAlerts?: boolean;
}

export const DEMO_USERS: TDemoUser[] = [
  {
    email: 'monteur@example.com',
    firstName: 'Mark',
    lastName: 'de Monteur',
    language: 'nl',
    rights: ['dashboard', 'calibration', 'calibrationData', 'settings', 'editNode', 'addNode', 'gatewayView', 'products'],
    customers: [],
    flushEmailAlerts: true,
  },
  {
    email: 'klant@example.com',
    firstName: 'Karin',
    lastName: 'Klant',
    language: 'nl',
    // Signs the customer's logbooks (docs/logbook.md, "Sign-off"): she is Sporthal Zuid's responsible person.
    rights: ['dashboard', 'calibrationData', 'signLogbook', 'recordDeviationAction'],
    customers: ['Gemeente Utrecht'],
    overflowEmailAlerts: true,
  },
  {
    email: 'planner@example.com',
    firstName: 'Peter',
    lastName: 'Planner',
    language: 'en',
    rights: [
      'userManagement',
      'dashboard',
      'addCustomer',
      'editCustomer',
      'addLocation',
      'editLocation',
      'moveLocation',
      'moveNode',
      'gatewayView',
      'gatewayManagement',
      'overflowDetection',
    ],
    customers: [],
  },
];

/** The demo users (not the administrator), all with one password hash; returns their e-mails. */
export async function seedUsers(tx: TTx, passwordHash: string, customerIds: Map<string, number>): Promise<string[]> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((user) => ({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordHash,
        type: null,
        language: user.language,
        portalRights: { ...emptyRights(), ...Object.fromEntries(user.rights.map((flag) => [flag, true])) },
        rights: deriveRightEntries(Object.fromEntries(user.rights.map((flag) => [flag, true]))),
        flushEmailAlerts: user.flushEmailAlerts ?? false,
        overflowEmailAlerts: user.overflowEmailAlerts ?? false,
        // The two toggles are these kinds "immediately" (docs/alarm-notifications.md, "The old toggles").
        alarmNotifications: {
          kinds: { flushAlarm: user.flushEmailAlerts ? 'immediately' : 'off', waterDetection: user.overflowEmailAlerts ? 'immediately' : 'off' },
        },
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  const scopes = DEMO_USERS.flatMap((user) => user.customers.map((name) => ({ userId: idOf.get(user.email)!, customerId: customerIds.get(name)! })));
  if (scopes.length) await tx.insert(userCustomers).values(scopes);
  return rows.map((row) => row.email);
}
