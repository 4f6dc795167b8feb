/**
 * Every route the API has or will have, by operation name (its OpenAPI operationId), with how
 * it is reached. The rights catalogue (catalogue.ts) refers to routes by these names.
 *
 * access:
 * - public:   no token (sign-in, health, network-server integrations with their own secret)
 * - signedIn: any signed-in user (own account, sign-out)
 * - read:     any signed-in user, answers scoped to the user's customers
 * - route:    needs the route entry, given by one of the flags in catalogue.ts
 * - admin:    administrators only
 */
export type TOperationAccess = 'public' | 'signedIn' | 'read' | 'route' | 'admin';

export interface TOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under /api/v1 (or the root for /healthz and /readyz), Fastify style parameters. */
  path: string;
  access: TOperationAccess;
}

const op = (method: TOperation['method'], path: string, access: TOperationAccess): TOperation => ({ method, path, access });

export const OPERATIONS = {
  // auth and own account
  PostAuth: op('POST', '/auth', 'public'),
  PostPasswordReset: op('POST', '/auth/password-reset', 'public'),
  PostPasswordResetCheck: op('POST', '/auth/password-reset/check', 'public'),
  PostPasswordResetConfirm: op('POST', '/auth/password-reset/confirm', 'public'),
  DeleteAuth: op('DELETE', '/auth', 'signedIn'),
  // two-factor sign-in (docs/users.md, "Two-factor sign-in"): the second step is public (it carries the challenge)
  PostAuthTwoFactor: op('POST', '/auth/twoFactor', 'public'),
  PostAuthTwoFactorSetup: op('POST', '/auth/twoFactor/setup', 'public'),
  GetCurrentTwoFactor: op('GET', '/users/current/twoFactor', 'signedIn'),
  PostCurrentTwoFactor: op('POST', '/users/current/twoFactor', 'signedIn'),
  PostCurrentTwoFactorConfirm: op('POST', '/users/current/twoFactor/confirm', 'signedIn'),
  PostCurrentTwoFactorDisable: op('POST', '/users/current/twoFactor/disable', 'signedIn'),
  GetHealth: op('GET', '/healthz', 'public'),
  GetReady: op('GET', '/readyz', 'public'),
  GetCurrentUser: op('GET', '/users/current', 'signedIn'),
  // the own mobile number for SMS, verified by a code (docs/alarm-notifications.md, "Phone number")
  PostCurrentPhone: op('POST', '/users/current/phone', 'signedIn'),
  PostCurrentPhoneConfirm: op('POST', '/users/current/phone/confirm', 'signedIn'),
  DeleteCurrentPhone: op('DELETE', '/users/current/phone', 'signedIn'),
  PatchCurrentUser: op('PATCH', '/users/current', 'signedIn'),
  GetCurrentAdministrator: op('GET', '/administrators/current', 'signedIn'),
  PatchCurrentAdministrator: op('PATCH', '/administrators/current', 'signedIn'),
  // the live change stream (docs/events.md): every signed-in user, events filtered to what they may see
  GetEvents: op('GET', '/events', 'signedIn'),
  // users
  GetUsers: op('GET', '/users', 'route'),
  PostUser: op('POST', '/users', 'route'),
  GetUser: op('GET', '/users/:email', 'route'),
  PatchUser: op('PATCH', '/users/:email', 'route'),
  DeleteUser: op('DELETE', '/users/:email', 'route'),
  // API keys (docs/api-keys.md): given with userManagement; a key never reaches them (PEOPLE_ONLY_OPERATIONS)
  GetApiKeys: op('GET', '/api-keys', 'route'),
  PostApiKey: op('POST', '/api-keys', 'route'),
  DeleteApiKey: op('DELETE', '/api-keys/:id', 'route'),
  // webhooks (docs/webhooks.md): administrators, and a customer's managers (editCustomer) for their own customers
  GetWebhooks: op('GET', '/webhooks', 'route'),
  PostWebhook: op('POST', '/webhooks', 'route'),
  PatchWebhook: op('PATCH', '/webhooks/:id', 'route'),
  DeleteWebhook: op('DELETE', '/webhooks/:id', 'route'),
  PostWebhookTest: op('POST', '/webhooks/:id/test', 'route'),
  GetWebhookDeliveries: op('GET', '/webhooks/:id/deliveries', 'route'),
  // single sign-on (docs/sso.md): providers configured by administrators; the sign-in steps are public
  GetSsoProviders: op('GET', '/sso/providers', 'admin'),
  PostSsoProvider: op('POST', '/sso/providers', 'admin'),
  PatchSsoProvider: op('PATCH', '/sso/providers/:id', 'admin'),
  DeleteSsoProvider: op('DELETE', '/sso/providers/:id', 'admin'),
  GetAuthSsoProviders: op('GET', '/auth/sso/providers', 'public'),
  GetAuthSsoStart: op('GET', '/auth/sso/:id/start', 'public'),
  GetAuthSsoCallback: op('GET', '/auth/sso/callback', 'public'),
  PostAuthSso: op('POST', '/auth/sso', 'public'),
  // dashboard
  GetDashboard: op('GET', '/dashboard', 'route'),
  GetDashboardList: op('GET', '/dashboard/lists/:list', 'route'),
  // Due and overdue samplings (docs/sampling.md): read with the locations, scoped to the user's customers.
  GetDashboardSamplings: op('GET', '/dashboard/samplings', 'read'),
  GetDashboardChecks: op('GET', '/dashboard/checks', 'read'),
  // customers
  GetCustomers: op('GET', '/customers', 'read'),
  GetCustomersExport: op('GET', '/customers/export.csv', 'read'),
  PostCustomer: op('POST', '/customers', 'route'),
  GetCustomer: op('GET', '/customers/:customer', 'read'),
  PatchCustomer: op('PATCH', '/customers/:customer', 'route'),
  DeleteCustomer: op('DELETE', '/customers/:customer', 'route'),
  PatchCustomerDevices: op('PATCH', '/customers/:customer/devices', 'admin'),
  PatchCustomerLocations: op('PATCH', '/customers/:customer/locations', 'admin'),
  GetCustomerTwoFactor: op('GET', '/customers/:customer/twoFactor', 'admin'),
  PatchCustomerTwoFactor: op('PATCH', '/customers/:customer/twoFactor', 'admin'),
  GetCustomerCalibrationLogs: op('GET', '/customers/:customer/calibrationLogs', 'route'),
  // alarm escalation (docs/alarm-notifications.md)
  GetCustomerAlarmEscalation: op('GET', '/customers/:customer/alarmEscalation', 'read'),
  PatchCustomerAlarmEscalation: op('PATCH', '/customers/:customer/alarmEscalation', 'route'),
  // a location's own escalation chain (docs/escalation.md): read with the location, changed with editLocation
  GetLocationAlarmEscalation: op('GET', '/customers/:customer/locations/:location/alarmEscalation', 'read'),
  PatchLocationAlarmEscalation: op('PATCH', '/customers/:customer/locations/:location/alarmEscalation', 'route'),
  // locations
  GetLocations: op('GET', '/locations', 'read'),
  GetLocationsExport: op('GET', '/locations/export.csv', 'read'),
  PostLocation: op('POST', '/locations', 'route'),
  GetCustomerLocations: op('GET', '/customers/:customer/locations', 'read'),
  GetCustomerLocationsExport: op('GET', '/customers/:customer/locations/export.csv', 'read'),
  GetLocation: op('GET', '/customers/:customer/locations/:location', 'read'),
  PatchLocation: op('PATCH', '/customers/:customer/locations/:location', 'route'),
  DeleteLocation: op('DELETE', '/customers/:customer/locations/:location', 'route'),
  PatchLocationDevices: op('PATCH', '/customers/:customer/locations/:location/devices', 'admin'),
  GetLocationCalibrationLogs: op('GET', '/customers/:customer/locations/:location/calibrationLogs', 'route'),
  // the legionella logbook (docs/logbook.md): whoever may see the location or customer; issuing (signing) needs signLogbook
  GetLocationLogbook: op('GET', '/customers/:customer/locations/:location/logbook', 'read'),
  GetLocationLogbookPdf: op('GET', '/customers/:customer/locations/:location/logbook/pdf', 'read'),
  GetLocationLogbookCsv: op('GET', '/customers/:customer/locations/:location/logbook/csv', 'read'),
  GetLocationIssuedLogbooks: op('GET', '/customers/:customer/locations/:location/logbook/issued', 'read'),
  PostLocationIssuedLogbook: op('POST', '/customers/:customer/locations/:location/logbook/issued', 'route'),
  GetCustomerLogbook: op('GET', '/customers/:customer/logbook', 'read'),
  GetCustomerLogbookPdf: op('GET', '/customers/:customer/logbook/pdf', 'read'),
  GetCustomerLogbookCsv: op('GET', '/customers/:customer/logbook/csv', 'read'),
  GetCustomerIssuedLogbooks: op('GET', '/customers/:customer/logbook/issued', 'read'),
  PostCustomerIssuedLogbook: op('POST', '/customers/:customer/logbook/issued', 'route'),
  GetIssuedLogbook: op('GET', '/logbook/issued/:number', 'read'),
  GetIssuedLogbookPdf: op('GET', '/logbook/issued/:number/pdf', 'read'),
  GetIssuedLogbookCsv: op('GET', '/logbook/issued/:number/csv', 'read'),
  GetIssuedLogbookJson: op('GET', '/logbook/issued/:number/json', 'read'),
  PostLogbookVerify: op('POST', '/logbook/verify', 'read'),
  PostPublicLogbookVerify: op('POST', '/logbook/verify/public', 'public'),
  // deviations of the logbook (docs/logbook.md, "Deviations"): whoever may see the location reads; recording an action needs recordDeviationAction
  GetLocationDeviations: op('GET', '/customers/:customer/locations/:location/deviations', 'read'),
  GetCustomerDeviations: op('GET', '/customers/:customer/deviations', 'read'),
  GetDeviation: op('GET', '/deviations/:id', 'read'),
  PostDeviationAction: op('POST', '/deviations/:id/actions', 'route'),
  // sampling (docs/sampling.md): whoever may see the location reads; sample points and the plan need editLocation or
  // enterSampleResults, entering results enterSampleResults
  GetLocationSamplePoints: op('GET', '/customers/:customer/locations/:location/sample-points', 'read'),
  PostLocationSamplePoint: op('POST', '/customers/:customer/locations/:location/sample-points', 'route'),
  PostLocationSamplePointsImport: op('POST', '/customers/:customer/locations/:location/sample-points/import', 'route'),
  PatchSamplePoint: op('PATCH', '/sample-points/:id', 'route'),
  DeleteSamplePoint: op('DELETE', '/sample-points/:id', 'route'),
  GetLocationSamplingPlan: op('GET', '/customers/:customer/locations/:location/sampling-plan', 'read'),
  PatchLocationSamplingPlan: op('PATCH', '/customers/:customer/locations/:location/sampling-plan', 'route'),
  GetLocationSampleResults: op('GET', '/customers/:customer/locations/:location/sample-results', 'read'),
  PostLocationSampleResult: op('POST', '/customers/:customer/locations/:location/sample-results', 'route'),
  PostLocationSampleResultsImport: op('POST', '/customers/:customer/locations/:location/sample-results/import', 'route'),
  GetSampleResult: op('GET', '/sample-results/:id', 'read'),
  PostSampleResultReport: op('POST', '/sample-results/:id/report', 'route'),
  GetSampleResultReport: op('GET', '/sample-results/:id/report', 'read'),
  // outlets and their check plans (docs/outlets.md): whoever may see the location reads; the register and the plans need
  // editLocation or recordChecks; recording a check needs recordChecks
  GetLocationOutlets: op('GET', '/customers/:customer/locations/:location/outlets', 'read'),
  PostLocationOutlet: op('POST', '/customers/:customer/locations/:location/outlets', 'route'),
  PostLocationOutletsImport: op('POST', '/customers/:customer/locations/:location/outlets/import', 'route'),
  GetLocationOutletLabels: op('GET', '/customers/:customer/locations/:location/outlets/labels', 'read'),
  GetOutlet: op('GET', '/outlets/:id', 'read'),
  PatchOutlet: op('PATCH', '/outlets/:id', 'route'),
  DeleteOutlet: op('DELETE', '/outlets/:id', 'route'),
  GetLocationChecks: op('GET', '/customers/:customer/locations/:location/checks', 'read'),
  PostLocationCheck: op('POST', '/customers/:customer/locations/:location/checks', 'route'),
  GetCheckPhoto: op('GET', '/checks/:id/photo', 'read'),
  GetLocationDueChecks: op('GET', '/customers/:customer/locations/:location/due-checks', 'read'),
  GetLocationCheckPlans: op('GET', '/customers/:customer/locations/:location/check-plans', 'read'),
  PatchLocationCheckPlans: op('PATCH', '/customers/:customer/locations/:location/check-plans', 'route'),
  // planned thermal disinfections (docs/logbook.md, "Thermal disinfection"): whoever may see the location reads; recording one needs recordDeviationAction
  GetLocationDisinfections: op('GET', '/customers/:customer/locations/:location/disinfections', 'read'),
  PostLocationDisinfection: op('POST', '/customers/:customer/locations/:location/disinfections', 'route'),
  // reports made as jobs (a customer's year): whoever may read them; a job is its user's own
  StartLocationLogbookJob: op('POST', '/customers/:customer/locations/:location/logbook/jobs', 'read'),
  StartCustomerLogbookJob: op('POST', '/customers/:customer/logbook/jobs', 'read'),
  GetLogbookJob: op('GET', '/logbook/jobs/:id', 'read'),
  GetLogbookJobPdf: op('GET', '/logbook/jobs/:id/pdf', 'read'),
  GetLogbookJobCsv: op('GET', '/logbook/jobs/:id/csv', 'read'),
  // gateways
  GetGateways: op('GET', '/gateways', 'route'),
  GetGatewaysExport: op('GET', '/gateways/export.csv', 'route'),
  PostGateway: op('POST', '/gateways', 'route'),
  GetCustomerGateways: op('GET', '/customers/:customer/gateways', 'route'),
  GetCustomerGatewaysExport: op('GET', '/customers/:customer/gateways/export.csv', 'route'),
  GetLocationGateways: op('GET', '/customers/:customer/locations/:location/gateways', 'route'),
  GetLocationGatewaysExport: op('GET', '/customers/:customer/locations/:location/gateways/export.csv', 'route'),
  GetGateway: op('GET', '/customers/:customer/locations/:location/gateways/:gateway', 'route'),
  PatchGateway: op('PATCH', '/customers/:customer/locations/:location/gateways/:gateway', 'route'),
  DeleteGateway: op('DELETE', '/customers/:customer/locations/:location/gateways/:gateway', 'route'),
  // devices (nodes)
  GetDevices: op('GET', '/devices', 'read'),
  // exports of the node lists (docs/exports.md): the list's scope, as CSV
  GetDevicesExport: op('GET', '/devices/export.csv', 'read'),
  GetCustomerDevicesExport: op('GET', '/customers/:customer/devices/export.csv', 'read'),
  GetLocationDevicesExport: op('GET', '/customers/:customer/locations/:location/devices/export.csv', 'read'),
  GetGatewayDevicesExport: op('GET', '/customers/:customer/locations/:location/gateways/:gateway/devices/export.csv', 'route'),
  PostDevice: op('POST', '/devices', 'admin'),
  PostDevicesImport: op('POST', '/devices/import', 'admin'),
  GetDevicesByFlushAmount: op('GET', '/devices/byFlushAmount', 'route'),
  GetDevice: op('GET', '/devices/:eui', 'read'),
  // label sheet of nodes the user may see (docs/field-work.md)
  GetDeviceLabels: op('GET', '/devices/labels', 'read'),
  PatchDevice: op('PATCH', '/devices/:eui/lora/:encryptionMode', 'route'),
  PatchDeviceChannel: op('PATCH', '/devices/:eui/channels/:channelId', 'route'),
  PostChannelCalibration: op('POST', '/devices/:eui/channels/:channelId/calibration', 'route'),
  PatchChannelCalibration: op('PATCH', '/devices/:eui/channels/:channelId/calibration', 'route'),
  GetDeviceAuditLogs: op('GET', '/devices/:eui/auditLogs', 'admin'),
  GetDeviceAuditLogsExport: op('GET', '/devices/:eui/auditLogs/export.csv', 'admin'),
  GetDeviceData: op('GET', '/devices/:eui/data', 'read'),
  PostDeviceParameters: op('POST', '/devices/:eui/parameters', 'route'),
  PostDeviceParameter: op('POST', '/devices/:eui/parameters/:register', 'route'),
  GetCustomerDevices: op('GET', '/customers/:customer/devices', 'read'),
  GetLocationDevices: op('GET', '/customers/:customer/locations/:location/devices', 'read'),
  GetGatewayDevices: op('GET', '/customers/:customer/locations/:location/gateways/:gateway/devices', 'route'),
  GetGatewayHeardNodes: op('GET', '/customers/:customer/locations/:location/gateways/:gateway/heard', 'route'),
  GetDeviceGateways: op('GET', '/devices/:eui/gateways', 'route'),
  GetConnector: op('GET', '/connectors/:id/:version', 'read'),
  // alarms (docs/alarms.md): scoped to the caller's customers like the nodes
  GetAlarms: op('GET', '/alarms', 'route'),
  GetAlarmsExport: op('GET', '/alarms/export.csv', 'route'),
  GetAlarmCount: op('GET', '/alarms/count', 'route'),
  GetAlarm: op('GET', '/alarms/:id', 'route'),
  GetAlarmAssignees: op('GET', '/alarms/:id/assignees', 'route'),
  GetDeviceAlarms: op('GET', '/devices/:eui/alarms', 'route'),
  PostAlarmAcknowledge: op('POST', '/alarms/:id/acknowledge', 'route'),
  PostAlarmAssign: op('POST', '/alarms/:id/assign', 'route'),
  PostAlarmComment: op('POST', '/alarms/:id/comment', 'route'),
  PostAlarmResolve: op('POST', '/alarms/:id/resolve', 'route'),
  // an alarm's Teams, Slack and SMS messages with their delivery state (docs/alarm-notifications.md, "Channels")
  GetAlarmMessages: op('GET', '/alarms/:id/messages', 'admin'),
  // overflow detection
  GetOverflowLog: op('GET', '/overflowLogs', 'route'),
  DeleteOverflowLog: op('DELETE', '/overflowLogs/:id', 'route'),
  // products
  GetProducts: op('GET', '/products', 'route'),
  GetProduct: op('GET', '/products/:product', 'route'),
  GetProductImage: op('GET', '/products/:product/image', 'route'),
  PostProduct: op('POST', '/products', 'admin'),
  PatchProduct: op('PATCH', '/products/:product', 'admin'),
  DeleteProduct: op('DELETE', '/products/:product', 'admin'),
  // network servers and integrations
  GetNetworkServers: op('GET', '/networkServers', 'route'),
  GetNetworkServer: op('GET', '/networkServers/:networkServer', 'admin'),
  PostNetworkServer: op('POST', '/networkServers', 'admin'),
  PatchNetworkServer: op('PATCH', '/networkServers/:networkServer', 'admin'),
  DeleteNetworkServer: op('DELETE', '/networkServers/:networkServer', 'admin'),
  PostChirpstackEvent: op('POST', '/integrations/chirpstack', 'public'),
  PostTtsEvent: op('POST', '/integrations/tts/:messageType', 'public'),
  GetIntakeEvents: op('GET', '/intakeEvents', 'admin'),
  // e-mail alerts (docs/alerts.md)
  GetMailOutbox: op('GET', '/mailOutbox', 'admin'),
  PostTestMail: op('POST', '/mailOutbox/test', 'admin'),
  // external platforms (docs/platforms.md)
  GetCustomerPlatform: op('GET', '/customers/:customer/platform', 'admin'),
  PostCustomerPlatformTest: op('POST', '/customers/:customer/platform/test', 'admin'),
  PostCustomerPlatformRetry: op('POST', '/customers/:customer/platform/retry', 'admin'),
  GetLocationPlatform: op('GET', '/customers/:customer/locations/:location/platform', 'admin'),
  PostLocationPlatformTest: op('POST', '/customers/:customer/locations/:location/platform/test', 'admin'),
  PostLocationPlatformRetry: op('POST', '/customers/:customer/locations/:location/platform/retry', 'admin'),
} as const satisfies Record<string, TOperation>;

export type TOperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as TOperationName[];
