import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { CALIBRATION_LOG_FIELDS } from '../../modules/calibration-logs/calibration-log-repository';
import { customerFields } from '../../modules/customers/customer-repository';
import { DATA_CONDITION_FIELDS } from '../../modules/devices/device-data-repository';
import { DEVICE_CONDITION_FIELDS } from '../../modules/devices/device-fields';
import { INTAKE_FIELDS } from '../../modules/devices/intake-event-repository';
import { OVERFLOW_FIELDS } from '../../modules/devices/overflow-log-repository';
import { GATEWAY_FIELDS } from '../../modules/gateways/gateway-repository';
import { locationFields } from '../../modules/locations/location-repository';
import { PRODUCT_CONDITION_FIELDS } from '../../modules/products/product-repository';
import type { TAuthUser } from '../../identity/auth-user';
import type { TFieldMap } from './conditions';

/**
 * The subquery limit of `conditions` only holds if every field whose SQL is a subquery says so
 * (`subquery: true`). This walks the condition maps of all list routes: a field whose SQL holds
 * a SELECT must be marked, and a marked one must hold a SELECT.
 */
const administrator = { type: USER_TYPE_ADMINISTRATOR, portal: { rights: {} }, customers: [] } as unknown as TAuthUser;

const MAPS: [string, TFieldMap][] = [
  ['calibration logs', CALIBRATION_LOG_FIELDS],
  ['customers', customerFields(administrator)],
  ['device data', DATA_CONDITION_FIELDS],
  ['devices', DEVICE_CONDITION_FIELDS],
  ['intake events', INTAKE_FIELDS],
  ['locations', locationFields(administrator)],
  ['overflow logs', OVERFLOW_FIELDS],
  ['gateways', GATEWAY_FIELDS],
  ['products', PRODUCT_CONDITION_FIELDS],
];

const dialect = new PgDialect();

describe('condition field maps mark their subqueries', () => {
  it.each(MAPS)('%s', (_name, fields) => {
    const wrong = Object.entries(fields)
      .filter(([, def]) => /\bselect\b/i.test(dialect.sqlToQuery(sql`${def.sql}`).sql) !== (def.subquery === true))
      .map(([path]) => path);
    expect(wrong).toEqual([]);
  });

  it('finds the derived list columns', () => {
    const marked = MAPS.flatMap(([name, fields]) => Object.keys(fields).filter((path) => fields[path].subquery).map((path) => `${name}: ${path}`));
    expect(marked).toEqual([
      'devices: channels.value',
      'devices: sipp.parameters.status',
    ]);
  });
});
