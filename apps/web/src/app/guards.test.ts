import { describe, expect, it } from 'vitest';
import { emptyRights, type TPortalRights, type TRightFlag, type TRightsHolder } from '@aquasmart/domain';
import { ADMIN_ONLY, allOf, anyOf, passesGuard, type TGuard } from './guards';
import { routeById } from './route-table';

function user(...flags: TRightFlag[]): TRightsHolder {
  const rights: TPortalRights = emptyRights();
  for (const flag of flags) rights[flag] = true;
  return { type: null, portal: { rights } };
}

const ADMIN_TYPE: TRightsHolder = { type: 'Administrator', portal: { rights: emptyRights() } };
const ADMIN_FLAG = user('administrator');
const NOBODY = user();

describe('passesGuard', () => {
  const cases: [string, TRightsHolder | null, TGuard | undefined, boolean][] = [
    ['no guard, any user', NOBODY, undefined, true],
    ['no guard, no user yet', null, undefined, true],
    ['guard, no user yet', null, anyOf('dashboard'), false],
    ['admin only, administrator type', ADMIN_TYPE, ADMIN_ONLY, true],
    ['admin only, administrator right', ADMIN_FLAG, ADMIN_ONLY, true],
    ['admin only, every other right', user('products', 'userManagement', 'dashboard'), ADMIN_ONLY, false],
    ['anyOf, holds the right', user('dashboard'), anyOf('dashboard'), true],
    ['anyOf, holds another right', user('products'), anyOf('dashboard'), false],
    ['anyOf, second alternative', user('gatewayView'), anyOf('gatewayManagement', 'gatewayView'), true],
    ['allOf, holds both', user('dashboard', 'calibrationData'), allOf('dashboard', 'calibrationData'), true],
    ['allOf, holds one', user('dashboard'), allOf('dashboard', 'calibrationData'), false],
    ['allOf, holds the other', user('calibrationData'), allOf('dashboard', 'calibrationData'), false],
    ['allOf, administrator', ADMIN_TYPE, allOf('dashboard', 'calibrationData'), true],
    ['missing portal', { type: null, portal: null }, anyOf('dashboard'), false],
  ];
  it.each(cases)('%s', (_name, holder, guard, expected) => {
    expect(passesGuard(holder, guard)).toBe(expected);
  });
});

/** The guards of docs/screens.md ("Guards"), route by route: who passes. */
describe('the guard table of the routes', () => {
  const routeCases: [string, TRightsHolder, boolean][] = [
    ['customers', NOBODY, true],
    ['customerNew', NOBODY, false],
    ['customerNew', user('addCustomer'), true],
    ['customerNew', ADMIN_FLAG, true],
    ['customerDetail', NOBODY, true],
    ['customerEdit', user('addCustomer'), false],
    ['customerEdit', user('editCustomer'), true],
    ['dashboard', NOBODY, false],
    ['dashboard', user('dashboard'), true],
    ['dashboard.annualCalibrations', user('dashboard'), false],
    ['dashboard.annualCalibrations', user('calibrationData'), false],
    ['dashboard.annualCalibrations', user('dashboard', 'calibrationData'), true],
    ['dashboard.biennialCalibrations', user('dashboard', 'calibrationData'), true],
    ['dashboard.triennialCalibrations', user('dashboard'), false],
    ['dashboard.triennialCalibrations', ADMIN_TYPE, true],
    ['dashboard.faultySensors', user('dashboard'), true],
    ['dashboard.overflowDetections', NOBODY, false],
    ['dashboard.incorrectSettings', user('dashboard'), true],
    ['customerDashboard.annualCalibrations', user('dashboard'), false],
    ['customerDashboard.annualCalibrations', user('dashboard', 'calibrationData'), true],
    ['customerDashboard.lowBatteries', user('dashboard'), true],
    ['customerDashboard.lowBatteries', user('calibrationData'), false],
    ['locations', NOBODY, true],
    ['locationNew', user('addLocation'), true],
    ['locationNew', user('editLocation'), false],
    ['locationDetail', NOBODY, true],
    ['locationEdit', user('editLocation'), true],
    ['locationEdit', user('moveLocation'), false],
    ['gateways', NOBODY, false],
    ['gateways', user('gatewayView'), true],
    ['gateways', user('gatewayManagement'), true],
    ['gatewayDetail', user('gatewayView'), true],
    ['gatewayDetail', NOBODY, false],
    ['gatewayNew', user('gatewayView'), false],
    ['gatewayNew', user('gatewayManagement'), true],
    ['gatewayEdit', user('gatewayView'), false],
    ['gatewayEdit', user('gatewayManagement'), true],
    ['nodes', NOBODY, true],
    ['nodeNew', user('addNode'), true],
    ['nodeNew', user('editNode'), false],
    ['nodeDetail', NOBODY, true],
    ['nodeEdit', user('editNode'), true],
    ['nodeEdit', user('settings'), false],
    ['nodeSettings', user('settings'), true],
    ['nodeSettings', user('calibration'), false],
    ['products', user('products'), true],
    ['products', NOBODY, false],
    ['productNew', user('products'), false],
    ['productNew', ADMIN_FLAG, true],
    ['productEdit', user('products'), false],
    ['productEdit', ADMIN_TYPE, true],
    ['users', NOBODY, false],
    ['users', user('userManagement'), true],
    ['users', ADMIN_TYPE, true],
    ['userNew', user('userManagement'), true],
    ['userDetail', user('dashboard'), false],
    ['userDetail', user('userManagement'), true],
    ['userEdit', user('userManagement'), true],
    ['userCurrent', NOBODY, true],
    ['notFound', NOBODY, true],
    ['unauthorized', NOBODY, true],
  ];
  it.each(routeCases)('%s with %j', (routeId, holder, expected) => {
    expect(passesGuard(holder, routeById(routeId).guard)).toBe(expected);
  });
});
