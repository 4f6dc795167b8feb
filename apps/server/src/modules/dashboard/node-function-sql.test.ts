import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVICE_TYPES, isTemperatureChannelActive, nodeFunctions, PROFILES, registrationPresets, type TDeviceType, type TNodeParameter } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { deviceParameters, devices } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { CHANNEL_ACTIVE, FLUSH_ENABLED } from './node-function-sql';

/** The SQL of the node-function rules gives the domain's answer for every case of this table. */
const CASES: [string, string, TNodeParameter[]][] = [
  ['V1 without parameters', 'V1', []],
  ['V1 mode actual, flush on', 'V1', [{ register: 2, value: { mode: 'actual' } }, { register: 3, value: { enabled: 1 } }]],
  ['V1 mode disabled, flush off', 'V1', [{ register: 2, value: { mode: 'disabled' } }, { register: 3, value: { enabled: 0 } }]],
  ['V1 mode 0', 'V1', [{ register: 2, value: { mode: 0 } }]],
  ['V1 mode null', 'V1', [{ register: 2, value: { mode: null } }]],
  ['V1 only flush register', 'V1', [{ register: 3, value: { enabled: '1' } }]],
  ['V1 flush enabled true', 'V1', [{ register: 3, value: { enabled: true } }]],
  ['V1 flush enabled "0"', 'V1', [{ register: 3, value: { enabled: '0' } }]],
  ['V1 flush enabled 1.0 text', 'V1', [{ register: 3, value: { enabled: ' 1.0 ' } }]],
  ['V1 register 2 a list', 'V1', [{ register: 2, value: ['actual'] }]],
  ['V2 three inputs', 'V2', [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'disabled' }, { mode: 'maximum' }] } }]],
  ['V2 two inputs listed', 'V2', [{ register: 2, value: { inputs: [{ mode: 'average' }, { mode: 'actual' }] } }]],
  ['V2 inputs not a list', 'V2', [{ register: 2, value: { inputs: { mode: 'actual' } } }]],
  ['V2 input null', 'V2', [{ register: 2, value: { inputs: [null, { mode: 'actual' }, { mode: 0 }] } }, { register: 3, value: { enabled: 1 } }]],
  ['V2 no system register', 'V2', [{ register: 4, value: { periods: [] } }]],
  ['V3 two inputs, register 3 enabled', 'V3', [{ register: 1, value: { inputs: [{ mode: 'disabled' }, { mode: 'actual' }] } }, { register: 3, value: { enabled: 1 } }]],
  ['V3 register 2 is not its system register', 'V3', [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }] } }]],
  ['unknown type', 'V9', [{ register: 2, value: { mode: 'disabled' } }]],
  // Every profile: its registration presets (all inputs measure), the first input off, the faucet on.
  ...DEVICE_TYPES.flatMap((type): [string, string, TNodeParameter[]][] => {
    const profile = PROFILES[type];
    const presets = registrationPresets(type);
    const firstOff = presets.map((entry) =>
      entry.register !== profile.systemRegister
        ? entry
        : profile.inputs.kind === 'mode'
          ? { ...entry, value: { mode: 'disabled' } }
          : { ...entry, value: { inputs: [{ mode: 'disabled' }, ...(entry.value.inputs as unknown[]).slice(1)] } },
    );
    const faucet = profile.flush?.register;
    const faucetOn = firstOff.map((entry) => (entry.register === faucet ? { ...entry, value: { ...entry.value, enabled: 1 } } : entry));
    if (faucet !== undefined && !faucetOn.some((entry) => entry.register === faucet)) faucetOn.push({ register: faucet, value: { enabled: 1 } });
    return [
      [`${type} profile: registration presets`, type, presets],
      [`${type} profile: first input off, faucet on`, type, faucetOn],
    ];
  }),
];

const ctx = useTestContext({ reset: 'never' });
beforeAll(async () => {
  await ctx.database.reset();
  for (const [index, [, type, parameters]] of CASES.entries()) {
    const eui = `70B3D5499C${String(index).padStart(6, '0')}`;
    await ctx.database.db.insert(devices).values({ eui, name: `case ${index}`, type: type as TDeviceType /* 'V9' too: a row of an unknown type */ });
    if (parameters.length) await ctx.database.db.insert(deviceParameters).values(parameters.map((p) => ({ deviceEui: eui, register: p.register, value: p.value as object })));
  }
});

describe('node functions in SQL', () => {
  it.each(CASES.map((entry, index) => [entry[0], index] as const))('%s', async (_label, index) => {
    const [, type, parameters] = CASES[index];
    const eui = `70B3D5499C${String(index).padStart(6, '0')}`;
    const functions = nodeFunctions(type, parameters);
    const channels = ['temperature1', 'temperature2', 'temperature3', 'temperature4'];
    const rows = await queryRows<{ channel_id: string; active: boolean; flush: boolean }>(
      ctx.database.db,
      sql`SELECT c.channel_id, ${CHANNEL_ACTIVE} AS active, ${FLUSH_ENABLED} AS flush
        FROM devices d, (SELECT unnest(${sql.raw(`ARRAY['${channels.join("','")}']`)}) AS channel_id) c WHERE d.eui = ${eui} ORDER BY c.channel_id`,
    );
    expect(rows.map((row) => row.active)).toEqual(channels.map((channel) => isTemperatureChannelActive(functions, channel)));
    expect(rows[0].flush).toBe(functions.flush);
  });
});
