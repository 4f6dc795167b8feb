import type { TRightEntryType, TRightFlag } from './flags';
import type { TRightEntry } from './schemas';
import { OPERATIONS, type TOperationName } from './operations';

/**
 * The rights catalogue: what each flag grants, as `{ path, type }` entries.
 * - route:   path is an operation name (operations.ts); the route may be called
 * - setting: path names a group of device setting registers (`registers.<group>`)
 * - rw/ro/wo: path names a field (`<resource>.<field path>`): read and write, read only, write only
 * This table is the source of the rights (the rules around it: docs/architecture.md, "Rights");
 * docs/rights.md prints it and a test keeps the two in step.
 */
const route = (...names: TOperationName[]): TRightEntry[] => names.map((path) => ({ path, type: 'route' }));
const fields = (type: Exclude<TRightEntryType, 'route' | 'setting'>, ...paths: string[]): TRightEntry[] =>
  paths.map((path) => ({ path, type }));
const settings = (...groups: string[]): TRightEntry[] => groups.map((group) => ({ path: `registers.${group}`, type: 'setting' }));

/** Setting register groups: which parts of a node's registers a right may change. */
export const SETTING_GROUPS = {
  /** Log interval, inputs (mode, low and high alarm, V3 turn on/off time). */
  inputs: 'registers.inputs',
  /** Flush on/off, durations, counts, thresholds, periods. */
  flush: 'registers.flush',
  /** Administrators only: send interval, battery threshold, measure intervals, valve pulse, overflow, calibration duration. */
  system: 'registers.system',
} as const;

const GATEWAY_READS = route('GetGateways', 'GetGatewaysExport', 'GetCustomerGateways', 'GetCustomerGatewaysExport', 'GetLocationGateways', 'GetLocationGatewaysExport', 'GetGateway', 'GetGatewayDevices', 'GetGatewayDevicesExport', 'GetGatewayHeardNodes', 'GetDeviceGateways');
const PRODUCT_READS = route('GetProducts', 'GetProduct', 'GetProductImage');
const NODE_DETAIL_FIELDS = ['device.name', 'device.notes', 'device.locationNotes', 'device.flushDevice', 'device.channels.name', 'device.channels.custom'];
/**
 * Alarms (docs/alarms.md, "Rights"): whoever watches the dashboard or works on nodes sees them, and
 * may comment on what they see (a customer's own user notes where the key is, or that the outlet
 * is out of use); handling them takes the kind's field entry below.
 */
const ALARM_READS = route('GetAlarms', 'GetAlarmsExport', 'GetAlarmCount', 'GetAlarm', 'GetAlarmAssignees', 'GetDeviceAlarms', 'PostAlarmComment');
const ALARM_HANDLING = route('PostAlarmAcknowledge', 'PostAlarmAssign', 'PostAlarmResolve');
/** Field entries the alarm service checks per kind: every kind but water detection, and water detection. */
export const ALARM_HANDLE_FIELD = 'alarm.handle';
export const ALARM_HANDLE_WATER_FIELD = 'alarm.handle.waterDetection';
/** A location's sample points and sampling plan (docs/sampling.md). */
const SAMPLING_SETUP = route('PostLocationSamplePoint', 'PostLocationSamplePointsImport', 'PatchSamplePoint', 'DeleteSamplePoint', 'PatchLocationSamplingPlan');
/** A location's outlet register and its check plans (docs/outlets.md). */
const OUTLET_SETUP = route('PostLocationOutlet', 'PostLocationOutletsImport', 'PatchOutlet', 'DeleteOutlet', 'PatchLocationCheckPlans');
const CALIBRATION_VISIBLE = ['device.calibration.interval', 'device.flush.minimumTemperatureDeviation', 'customer.calibration.interval', 'location.calibration.interval'];

export const RIGHT_CATALOGUE: Record<Exclude<TRightFlag, 'administrator'>, TRightEntry[]> = {
  addCustomer: [...route('PostCustomer'), ...fields('rw', 'customer.details')],
  // A customer's manager keeps its webhooks (docs/webhooks.md): subscriptions of their own customers only.
  editCustomer: [
    ...route('PatchCustomer'),
    ...route('PatchCustomerAlarmEscalation'),
    ...route('GetWebhooks', 'PostWebhook', 'PatchWebhook', 'DeleteWebhook', 'PostWebhookTest', 'GetWebhookDeliveries'),
    ...fields('rw', 'customer.details'),
  ],
  deleteCustomer: route('DeleteCustomer'),
  addLocation: [...route('PostLocation'), ...fields('rw', 'location.details', 'location.notes')],
  editLocation: [...route('PatchLocation', 'PatchLocationAlarmEscalation'), ...SAMPLING_SETUP, ...OUTLET_SETUP, ...fields('rw', 'location.details', 'location.notes')],
  deleteLocation: route('DeleteLocation'),
  moveLocation: [...route('PatchLocation'), ...fields('rw', 'location.customer')],
  addNode: [
    ...route('PatchDevice', 'GetNetworkServers'),
    ...PRODUCT_READS,
    ...fields('rw', 'device.register', ...NODE_DETAIL_FIELDS, 'device.lora.networkServer', 'device.presets'),
  ],
  // A field engineer keeps a location's notes (access, keys) up to date: editNode shows the location edit button (docs/places-screens.md).
  editNode: [
    ...route('PatchDevice', 'PatchDeviceChannel', 'GetNetworkServers', 'PatchLocation'),
    ...PRODUCT_READS,
    ...ALARM_READS,
    ...ALARM_HANDLING,
    ...fields('rw', ...NODE_DETAIL_FIELDS, 'location.notes', ALARM_HANDLE_FIELD),
  ],
  deleteNode: [...route('PatchDevice'), ...fields('rw', 'device.remove')],
  moveNode: [...route('PatchDevice'), ...fields('rw', 'device.customer', 'device.location')],
  settings: [
    ...route('PostDeviceParameters', 'PostDeviceParameter'),
    ...settings('inputs', 'flush'),
    ...fields('ro', ...CALIBRATION_VISIBLE),
  ],
  calibration: [
    ...route('PostChannelCalibration', 'PatchDevice'),
    ...ALARM_READS,
    ...ALARM_HANDLING,
    ...fields('rw', 'device.battery', ALARM_HANDLE_FIELD),
    ...fields('ro', ...CALIBRATION_VISIBLE, 'device.channels.offset', 'device.calibration.ts'),
  ],
  calibrationData: [...route('GetCustomerCalibrationLogs', 'GetLocationCalibrationLogs'), ...fields('ro', 'dashboard.calibration')],
  calibrationDataEdit: [...route('PatchChannelCalibration'), ...fields('rw', 'device.channels.offset')],
  userManagement: route('GetUsers', 'PostUser', 'GetUser', 'PatchUser', 'DeleteUser', 'GetApiKeys', 'PostApiKey', 'DeleteApiKey'),
  gatewayView: GATEWAY_READS,
  // The gateway form offers the gateway products (docs/architecture.md, "Rights").
  gatewayManagement: [...GATEWAY_READS, ...PRODUCT_READS, ...route('PostGateway', 'PatchGateway', 'DeleteGateway'), ...fields('rw', 'device.gateway')],
  overflowDetection: [...route('GetOverflowLog', 'DeleteOverflowLog'), ...ALARM_READS, ...ALARM_HANDLING, ...fields('rw', ALARM_HANDLE_WATER_FIELD)],
  dashboard: [...route('GetDashboard', 'GetDashboardList', 'GetOverflowLog', 'GetDevicesByFlushAmount'), ...ALARM_READS],
  products: PRODUCT_READS,
  // Issuing a logbook is a sign-off (docs/logbook.md, "Sign-off"): grantable to a customer's own users.
  signLogbook: route('PostLocationIssuedLogbook', 'PostCustomerIssuedLogbook'),
  // Recording the corrective action of a deviation (docs/logbook.md, "Deviations"), and a thermal disinfection done at a location
  // ("Thermal disinfection": a measure of the same people): grantable to a customer's own users, for their locations.
  recordDeviationAction: route('PostDeviationAction', 'PostLocationDisinfection'),
  // Laboratory results (docs/sampling.md): entering and importing them, and the sample points and plan they need; grantable to a customer's own users.
  enterSampleResults: [...SAMPLING_SETUP, ...route('PostLocationSampleResult', 'PostLocationSampleResultsImport', 'PostSampleResultReport')],
  // Recording checks at outlets, and the outlet register and check plans they need (docs/outlets.md); grantable to a customer's own users.
  recordChecks: [...OUTLET_SETUP, ...route('PostLocationCheck')],
};

/**
 * Entries only administrators hold: interval, platform, url, token, minimum deviation
 * (docs/rights.md, "Administrators only").
 */
export const ADMINISTRATOR_ONLY_ENTRIES: TRightEntry[] = [
  ...settings('system'),
  ...fields(
    'rw',
    'customer.calibration.interval',
    'customer.endpoint',
    'location.calibration.interval',
    'location.endpoint',
    'device.calibration.interval',
    'device.flush.minimumTemperatureDeviation',
    // Granting the administrator flag: otherwise userManagement would be a way to become administrator.
    'user.administrator',
  ),
];

const STRENGTH: Record<TRightEntryType, number> = { route: 0, setting: 1, rw: 2, ro: 3, wo: 4 };

/** Where entries for one path overlap, the strongest wins: route, setting, rw, ro, wo. */
export function strongestPerPath(entries: readonly TRightEntry[]): TRightEntry[] {
  const byPath = new Map<string, TRightEntry>();
  for (const entry of entries) {
    const kept = byPath.get(entry.path);
    if (!kept || STRENGTH[entry.type] < STRENGTH[kept.type]) byPath.set(entry.path, entry);
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** Every entry any right can give, routes of every non-public operation included. */
export function allKnownEntries(): TRightEntry[] {
  const routes = (Object.keys(OPERATIONS) as TOperationName[])
    .filter((name) => OPERATIONS[name].access !== 'public')
    .map((path): TRightEntry => ({ path, type: 'route' }));
  return strongestPerPath([...routes, ...Object.values(RIGHT_CATALOGUE).flat(), ...ADMINISTRATOR_ONLY_ENTRIES]);
}

/**
 * The `rights` list saved with a user (docs/rights.md): all known entries for
 * administrators, otherwise the entries of each ticked flag, strongest per path.
 */
export function deriveRightEntries(flags: Partial<Record<TRightFlag, boolean>>, administratorType = false): TRightEntry[] {
  if (administratorType || flags.administrator) return allKnownEntries();
  const granted = (Object.keys(RIGHT_CATALOGUE) as (keyof typeof RIGHT_CATALOGUE)[]).filter((flag) => flags[flag]);
  return strongestPerPath(granted.flatMap((flag) => RIGHT_CATALOGUE[flag]));
}
