import { describe, expect, it } from 'vitest';
import type { TRightFlag } from './flags';
import { startPath } from './start-page';

const withFlags = (...on: TRightFlag[]) => ({ type: null, portal: { rights: Object.fromEntries(on.map((flag) => [flag, true])) } });

describe('startPath: where a user starts after signing in', () => {
  it.each([
    ['an account of type Administrator', { type: 'Administrator', portal: { rights: {} } }, '/dashboard'],
    ['the administrator flag', withFlags('administrator'), '/dashboard'],
    ['the engineer of the demo data (dashboard, calibration, editNode, ...)', withFlags('dashboard', 'calibration', 'calibrationData', 'settings', 'editNode', 'addNode', 'gatewayView', 'products'), '/dashboard'],
    ["a customer's user with the dashboard", withFlags('dashboard', 'calibrationData'), '/dashboard'],
    ['editNode without the dashboard', withFlags('editNode'), '/alarms'],
    ['calibration without the dashboard', withFlags('calibration'), '/alarms'],
    ['overflowDetection without the dashboard', withFlags('overflowDetection', 'gatewayView'), '/alarms'],
    ['rights that show no alarm (calibrationData, settings, userManagement)', withFlags('calibrationData', 'settings', 'userManagement'), '/customers'],
    ['no rights', withFlags(), '/customers'],
    ['no portal block', { type: null, portal: null }, '/customers'],
    ['no user (the account could not be read)', undefined, '/customers'],
  ] as const)('%s: %s', (_case, user, path) => {
    expect(startPath(user)).toBe(path);
  });
});
