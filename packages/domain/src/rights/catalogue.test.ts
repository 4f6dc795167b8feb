import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RIGHT_FLAGS } from './flags';
import { allKnownEntries, deriveRightEntries, RIGHT_CATALOGUE, strongestPerPath } from './catalogue';
import { OPERATIONS, OPERATION_NAMES } from './operations';
import { renderRightsMarkdown } from './rights-table';

describe('rights catalogue', () => {
  it('has an entry list for every flag but administrator', () => {
    expect(Object.keys(RIGHT_CATALOGUE).sort()).toEqual(RIGHT_FLAGS.filter((flag) => flag !== 'administrator').sort());
  });

  it('names only known operations in route entries', () => {
    for (const [flag, entries] of Object.entries(RIGHT_CATALOGUE)) {
      for (const entry of entries.filter((candidate) => candidate.type === 'route')) {
        expect(OPERATION_NAMES, `${flag} -> ${entry.path}`).toContain(entry.path);
      }
    }
  });

  it('gives every route-access operation to at least one flag', () => {
    const granted = new Set(Object.values(RIGHT_CATALOGUE).flatMap((entries) => entries.map((entry) => entry.path)));
    for (const name of OPERATION_NAMES.filter((candidate) => OPERATIONS[candidate].access === 'route')) {
      expect(granted.has(name), name).toBe(true);
    }
  });

  it.each([
    [[{ path: 'a', type: 'ro' }, { path: 'a', type: 'rw' }], [{ path: 'a', type: 'rw' }]],
    [[{ path: 'a', type: 'wo' }, { path: 'a', type: 'ro' }], [{ path: 'a', type: 'ro' }]],
    [[{ path: 'a', type: 'setting' }, { path: 'a', type: 'route' }], [{ path: 'a', type: 'route' }]],
    [[{ path: 'b', type: 'rw' }, { path: 'a', type: 'setting' }], [{ path: 'a', type: 'setting' }, { path: 'b', type: 'rw' }]],
  ] as const)('strongest per path: %j -> %j', (entries, expected) => {
    expect(strongestPerPath(entries)).toEqual(expected);
  });

  it.each([
    ['userManagement', ['DeleteUser', 'GetUser', 'GetUsers', 'PatchUser', 'PostUser'], ['PostCustomer']],
    ['dashboard', ['GetDashboard', 'GetDashboardList', 'GetOverflowLog', 'GetDevicesByFlushAmount'], ['DeleteOverflowLog']],
    ['overflowDetection', ['DeleteOverflowLog', 'GetOverflowLog'], ['GetDashboard', 'GetDashboardList']],
    ['gatewayView', ['GetGateways', 'GetGateway'], ['PostGateway', 'PatchGateway']],
    ['gatewayManagement', ['GetGateways', 'PostGateway', 'PatchGateway', 'DeleteGateway'], ['PostCustomer']],
    ['calibrationData', ['GetCustomerCalibrationLogs', 'GetLocationCalibrationLogs'], ['PatchChannelCalibration']],
    ['calibrationDataEdit', ['PatchChannelCalibration'], ['GetCustomerCalibrationLogs']],
    ['settings', ['PostDeviceParameters', 'PostDeviceParameter'], ['PatchDevice']],
    ['products', ['GetProducts'], ['PostProduct', 'PatchProduct', 'DeleteProduct']],
  ] as const)('%s grants %j and not %j', (flag, granted, notGranted) => {
    const routes = deriveRightEntries({ [flag]: true })
      .filter((entry) => entry.type === 'route')
      .map((entry) => entry.path);
    for (const name of granted) expect(routes).toContain(name);
    for (const name of notGranted) expect(routes).not.toContain(name);
  });

  it('moveLocation writes the location customer; editLocation does not', () => {
    expect(deriveRightEntries({ moveLocation: true })).toContainEqual({ path: 'location.customer', type: 'rw' });
    expect(deriveRightEntries({ editLocation: true }).map((entry) => entry.path)).not.toContain('location.customer');
  });

  it('calibration reads the offset, calibrationDataEdit writes it, both together write it', () => {
    expect(deriveRightEntries({ calibration: true })).toContainEqual({ path: 'device.channels.offset', type: 'ro' });
    expect(deriveRightEntries({ calibration: true, calibrationDataEdit: true })).toContainEqual({ path: 'device.channels.offset', type: 'rw' });
  });

  it('administrators hold every known entry, admin-only fields included; nobody else does', () => {
    const admin = deriveRightEntries({ administrator: true });
    expect(admin).toEqual(allKnownEntries());
    expect(deriveRightEntries({}, true)).toEqual(admin);
    expect(admin).toContainEqual({ path: 'customer.calibration.interval', type: 'rw' });
    expect(admin).toContainEqual({ path: 'PostProduct', type: 'route' });
    const everyFlag = deriveRightEntries(Object.fromEntries(RIGHT_FLAGS.filter((flag) => flag !== 'administrator').map((flag) => [flag, true])));
    expect(everyFlag).not.toContainEqual({ path: 'customer.calibration.interval', type: 'rw' });
    expect(everyFlag).not.toContainEqual({ path: 'PostProduct', type: 'route' });
  });

  it('no flag gives nothing', () => {
    expect(deriveRightEntries({})).toEqual([]);
  });

  it('docs/rights.md is the printed catalogue', () => {
    const documented = fs.readFileSync(path.resolve(__dirname, '../../../../docs/rights.md'), 'utf8');
    expect(documented, 'run `npm run docs:rights` after changing the catalogue').toBe(renderRightsMarkdown());
  });
});
