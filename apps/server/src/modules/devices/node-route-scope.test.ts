import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, deviceParameters, downlinks, users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser, type TMethod } from '../../test/places-fixtures';

/**
 * One scope rule for every node route (docs/architecture.md "Rights"): a node the
 * caller cannot see with GET /devices/{eui} is a 404 on every other node route too, before
 * anything is written or queued. Table: node route x (own customer's node, another customer's,
 * unassigned) x (user with customers, user without customers, administrator). The users hold
 * every right the routes need, so only the scope decides.
 */
const ACME = '70B3D5499A00E001';
const BETA = '70B3D5499A00E002';
const LOOSE = '70B3D5499A00E003';
const NODES = { ACME, BETA, LOOSE } as const;

const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
let tokens: Record<'admin' | 'everywhere' | 'acme', string>;

const RIGHTS = { editNode: true, settings: true, calibration: true, calibrationDataEdit: true, gatewayView: true };
beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  await insertDevice(db, { eui: ACME, type: 'V2', customerId: acme, locationId: await insertLocation(db, acme, 'Hal') });
  await insertDevice(db, { eui: BETA, type: 'V2', customerId: beta, locationId: await insertLocation(db, beta, 'Elders') });
  await insertDevice(db, { eui: LOOSE, type: 'V2' });
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, everywhere: { rights: RIGHTS }, acme: { rights: RIGHTS } });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'acme@example.com'));
  await restrictUser(db, row.id, [acme]);
});

const ROUTES: [TMethod, string, unknown][] = [
  ['GET', '/devices/{eui}', undefined],
  ['GET', '/devices/{eui}/data', undefined],
  ['GET', '/devices/{eui}/auditLogs', undefined],
  ['PATCH', '/devices/{eui}/lora/NS', { notes: 'Bereikt' }],
  ['PATCH', '/devices/{eui}/channels/temperature1', { name: 'Bereikt' }],
  ['POST', '/devices/{eui}/channels/temperature1/calibration', { calibrated: 50, offset: 0, measured: 50 }],
  ['PATCH', '/devices/{eui}/channels/temperature1/calibration', { offset: 0.5 }],
  ['POST', '/devices/{eui}/parameters', [{ register: 2, value: { logInterval: 10 } }]],
  ['POST', '/devices/{eui}/parameters/2', { value: { logInterval: 10 } }],
];
const SEES: Record<keyof typeof tokens, (keyof typeof NODES)[]> = { admin: ['ACME', 'BETA', 'LOOSE'], everywhere: ['ACME', 'BETA'], acme: ['ACME'] };

const cases = (Object.keys(SEES) as (keyof typeof tokens)[]).flatMap((who) =>
  (Object.keys(NODES) as (keyof typeof NODES)[]).flatMap((node) => ROUTES.map(([method, path, body]) => [who, node, method, path, body] as const)),
);

/** What a write would leave behind: queued downlinks, stored registers, audit entries. */
async function written(eui: string) {
  const db = ctx.database.db;
  return [
    (await db.select().from(downlinks).where(eq(downlinks.deviceEui, eui))).length,
    (await db.select().from(deviceParameters).where(eq(deviceParameters.deviceEui, eui))).length,
    (await db.select().from(auditLogs).where(eq(auditLogs.deviceEui, eui))).length,
  ];
}

describe('every node route has the scope of GET /devices/{eui}', () => {
  it.each(cases)('%s, %s node: %s %s', async (who, node, method, path, body) => {
    const eui = NODES[node];
    const before = await written(eui);
    const response = await call(tokens[who], method, path.replace('{eui}', eui), body);
    if (path.endsWith('/auditLogs') && who !== 'admin') {
      expect(response.statusCode).toBe(403); // the route entry first: administrators only, for every node
    } else if (!SEES[who].includes(node)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(await written(eui)).toEqual(before);
    } else {
      expect(response.statusCode, response.body).not.toBe(404);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
