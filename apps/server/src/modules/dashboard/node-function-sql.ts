import { sql, type SQL } from 'drizzle-orm';
import { DEVICE_TYPES, PROFILES, typesWhere, type TDeviceProfile, type TDeviceType } from '@aquasmart/domain';

/**
 * The node-function rules of the domain (`nodeFunctions`, `isTemperatureChannelActive` in
 * packages/domain/src/node-functions.ts) as SQL, so that counts and lists stay set-based.
 * `node-function-sql.test.ts` holds both to the same table of parameter values.
 *
 * `d` is the devices row, `c` the device_channels row.
 */

/** measures(mode): a mode that is present and neither 'disabled' nor the number 0. */
function measures(mode: SQL): SQL {
  return sql`(${mode} IS NOT NULL AND jsonb_typeof(${mode}) <> 'null' AND ${mode} <> '"disabled"'::jsonb AND ${mode} <> '0'::jsonb)`;
}

/** Whether d.type is one of these types (the names are the domain's constants, not input). */
function typeIn(types: readonly TDeviceType[]): SQL {
  return types.length ? sql.raw(`(d.type IN (${types.map((type) => `'${type}'`).join(', ')}))`) : sql`false`;
}

/** A number of d.type's profile. */
function perTypeNumber(pick: (profile: TDeviceProfile) => number | undefined): SQL {
  const cases = DEVICE_TYPES.flatMap((type) => {
    const value = pick(PROFILES[type]);
    return value === undefined ? [] : [`WHEN '${type}' THEN ${value}`];
  });
  return sql.raw(`(CASE d.type ${cases.join(' ')} END)`);
}

const ONE_MODE = typesWhere((profile) => profile.inputs.kind === 'mode');
const FLUSHING = typesWhere((profile) => profile.flush !== null);

/** The 1-based channel number of a channel id ending in digits ('temperature2' -> 2). */
const CHANNEL_NUMBER = sql`(substring(c.channel_id from '(\\d+)$'))::int`;

/**
 * Whether temperature channel `c` of device `d` measures: unknown type or no parameters at all
 * -> active; else the input's mode of the type's system register (V1 register 2 `mode`, V2
 * register 2 `inputs[]`, V3 register 1 `inputs[]`); a missing system register -> inactive.
 */
export const CHANNEL_ACTIVE = sql`(CASE
  WHEN NOT ${typeIn(DEVICE_TYPES)} THEN true
  WHEN NOT EXISTS (SELECT 1 FROM device_parameters kp WHERE kp.device_eui = d.eui) THEN true
  WHEN ${CHANNEL_NUMBER} IS NULL THEN true
  ELSE coalesce((
    SELECT CASE
      WHEN jsonb_typeof(sp.value) <> 'object' THEN false
      WHEN ${typeIn(ONE_MODE)} THEN ${CHANNEL_NUMBER} = 1 AND ${measures(sql`(sp.value -> 'mode')`)}
      ELSE ${CHANNEL_NUMBER} <= ${perTypeNumber((profile) => profile.temperatureChannels)}
        AND jsonb_typeof(sp.value -> 'inputs' -> (${CHANNEL_NUMBER} - 1)) = 'object'
        AND ${measures(sql`(sp.value -> 'inputs' -> (${CHANNEL_NUMBER} - 1) -> 'mode')`)}
    END
    FROM device_parameters sp
    WHERE sp.device_eui = d.eui AND sp.register = ${perTypeNumber((profile) => profile.systemRegister)}), false)
END)`;

/**
 * `Number(enabled) === 1` of a jsonb value: the number 1, true, or a text that reads as 1
 * (' 1 ', '1.0', '+1').
 */
export function isEnabledSql(value: SQL): SQL {
  const enabled = sql`(${value} -> 'enabled')`;
  return sql`(CASE jsonb_typeof(${enabled})
    WHEN 'number' THEN (${enabled})::text::numeric = 1
    WHEN 'boolean' THEN ${enabled} = 'true'::jsonb
    WHEN 'string' THEN (${value} ->> 'enabled') ~ '^\\s*\\+?0*1(\\.0*)?\\s*$'
    ELSE false END)`;
}

/** A flushing node (S): a type with a faucet (V1, V2) whose faucet register (3) has `enabled` 1. */
export const FLUSH_ENABLED = sql`(${typeIn(FLUSHING)} AND EXISTS (SELECT 1 FROM device_parameters fp
  WHERE fp.device_eui = d.eui AND fp.register = ${perTypeNumber((profile) => profile.flush?.register)} AND jsonb_typeof(fp.value) = 'object' AND ${isEnabledSql(sql`fp.value`)}))`;
