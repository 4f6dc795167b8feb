import type { ComponentType } from 'react';
import { ALARM_READ_FLAGS, dashboardListSegment } from '@aquasmart/domain';
import { ADMIN_ONLY, allOf, anyOf, type TGuard } from './guards';

/**
 * Every route of the portal (docs/screens.md "Routes", docs/nodes-screens.md) in one table: path,
 * title (a message key; `:param` placeholders are filled with the route's values), guard
 * (docs/screens.md "Guards"; failure leads to /404), breadcrumbs (the ids of the routes before it)
 * and the lazily loaded screen.
 */
export type TScreenLoader = () => Promise<ComponentType>;
export type TCrumb = string | { route: string; hash: string };

export interface TRouteDef {
  id: string;
  /** Absolute path pattern; params are named consistently (:customer, :location, ...). */
  path: string;
  title: string;
  guard?: TGuard;
  crumbs?: readonly TCrumb[];
  screen: TScreenLoader;
  /** Outside the shell: no token needed (only /login). */
  public?: boolean;
}

/** Loads a screen together with its feature's texts (kept out of the login page's bundle). */
function withTexts(texts: () => Promise<unknown>, screen: TScreenLoader): TScreenLoader {
  return () => Promise.all([screen(), texts()]).then(([component]) => component);
}
const placesTexts = () => import('../lib/i18n/texts/places');
const productsTexts = () => import('../lib/i18n/texts/products');
const telemetryTexts = () => import('../lib/i18n/texts/telemetry');
const nodeDetailTexts = () => import('../lib/i18n/texts/nodes-detail');
const nodesTexts = () => import('../lib/i18n/texts/nodes');
const nodeSettingsTexts = () => import('../lib/i18n/texts/node-settings');
/** The node detail shows the settings in its #settings tab. */
const nodeDetailAndSettingsTexts = () => Promise.all([nodeDetailTexts(), nodeSettingsTexts()]);
/** ... and its #alarms tab. */
const nodeDetailSettingsAndAlarmsTexts = () => Promise.all([nodeDetailAndSettingsTexts(), import('../lib/i18n/texts/alarms')]);
const alertsTexts = () => import('../lib/i18n/texts/alerts');
const alarmNotificationsTexts = () => import('../lib/i18n/texts/alarm-notifications');
const dashboardTexts = () => import('../lib/i18n/texts/dashboard');
/** The dashboard lists show node cells (whose texts are the node list's) and the alarm state (docs/alarms-screens.md). */
const dashboardListTexts = () => Promise.all([dashboardTexts(), nodesTexts(), import('../lib/i18n/texts/alarms')]);
const dashboardScreen: TScreenLoader = withTexts(dashboardTexts, () => import('../features/dashboard/dashboard-page').then((module) => module.DashboardPage));
const dashboardListScreen: TScreenLoader = withTexts(dashboardListTexts, () =>
  import('../features/dashboard/dashboard-list-page').then((module) => module.DashboardListPage),
);
/** Customer, location and gateway pages show the node list in their #nodes tab. */
const placeAndNodesTexts = () => Promise.all([placesTexts(), nodesTexts()]);
const logbookTexts = () => import('../lib/i18n/texts/logbook');
const alarmsTexts = () => import('../lib/i18n/texts/alarms');
/** The alarm screens name nodes and places; the alarm state of the dashboard lists and the node's #alarms tab need the alarm texts. */
const alarmScreenTexts = () => Promise.all([alarmsTexts(), nodesTexts()]);
/** Customer and location pages also have the #logbook tab. */
const samplingMessages = () => import('../lib/i18n/texts/sampling-messages');
const placeNodesAndLogbookTexts = () => Promise.all([placesTexts(), nodesTexts(), logbookTexts(), samplingMessages()]);
const nodeListScreen: TScreenLoader = withTexts(nodesTexts, () => import('../features/nodes/node-list-page').then((module) => module.NodeListPage));
const nodeNewScreen: TScreenLoader = withTexts(placeAndNodesTexts, () => import('../features/nodes/node-new-page').then((module) => module.NodeNewPage));
const nodeEditScreen: TScreenLoader = withTexts(placeAndNodesTexts, () => import('../features/nodes/node-edit-page').then((module) => module.NodeEditPage));

const loginScreen: TScreenLoader = () => import('../features/auth/login-page').then((module) => module.LoginPage);
const passwordResetTexts = () => import('../lib/i18n/texts/password-reset');
const forgotPasswordScreen: TScreenLoader = withTexts(passwordResetTexts, () => import('../features/auth/forgot-password-page').then((module) => module.ForgotPasswordPage));
const resetPasswordScreen: TScreenLoader = withTexts(passwordResetTexts, () => import('../features/auth/reset-password-page').then((module) => module.ResetPasswordPage));
const notFoundScreen: TScreenLoader = () => import('../features/system-pages/not-found-page').then((module) => module.NotFoundPage);
const unauthorizedScreen: TScreenLoader = () =>
  import('../features/system-pages/unauthorized-page').then((module) => module.UnauthorizedPage);
const usersTexts = () => import('../lib/i18n/texts/users');
/** The user forms show the e-mail alert toggles (texts of ui-alerts). */
const userFormTexts = () => Promise.all([usersTexts(), alertsTexts(), alarmNotificationsTexts()]);
const userListScreen: TScreenLoader = withTexts(usersTexts, () => import('../features/users/user-list-page').then((module) => module.UserListPage));
const userNewScreen: TScreenLoader = withTexts(userFormTexts, () => import('../features/users/user-new-page').then((module) => module.UserNewPage));
const userDetailScreen: TScreenLoader = withTexts(userFormTexts, () => import('../features/users/user-detail-page').then((module) => module.UserDetailPage));
const userEditScreen: TScreenLoader = withTexts(userFormTexts, () => import('../features/users/user-edit-page').then((module) => module.UserEditPage));
const apiKeysTexts = () => Promise.all([usersTexts(), import('../lib/i18n/texts/api-keys')]);
const apiKeysScreen: TScreenLoader = withTexts(apiKeysTexts, () => import('../features/users/api-keys-page').then((module) => module.ApiKeysPage));
const webhooksScreen: TScreenLoader = withTexts(() => import('../lib/i18n/texts/webhooks'), () => import('../features/webhooks/webhooks-page').then((module) => module.WebhooksPage));
const ssoTexts = () => Promise.all([usersTexts(), import('../lib/i18n/texts/sso')]);
const ssoProvidersScreen: TScreenLoader = withTexts(ssoTexts, () => import('../features/users/sso-providers-page').then((module) => module.SsoProvidersPage));
/** The account page shows two-factor sign-in (its set-up dialog loads when opened). */
const accountTexts = () => Promise.all([userFormTexts(), import('../lib/i18n/texts/two-factor')]);
const accountScreen: TScreenLoader = withTexts(accountTexts, () => import('../features/users/account-page').then((module) => module.AccountPage));
const customerListScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/customers/customer-list-page').then((module) => module.CustomerListPage));
const customerNewScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/customers/customer-new-page').then((module) => module.CustomerNewPage));
// The customer page with the dashboard feature in its #dashboard tab and the logbook in #logbook, composed here (features do not import each other).
const customerDetailScreen: TScreenLoader = withTexts(placeNodesAndLogbookTexts, () => import('./compositions/customer-detail-screen').then((module) => module.CustomerDetailScreen));
const customerEditScreen: TScreenLoader = withTexts(() => Promise.all([placesTexts(), alarmNotificationsTexts()]), () => import('../features/customers/customer-edit-page').then((module) => module.CustomerEditPage));
const locationListScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/locations/location-list-page').then((module) => module.LocationListPage));
const locationNewScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/locations/location-new-page').then((module) => module.LocationNewPage));
// The location page with the logbook feature in its #logbook tab (app/compositions).
const locationDetailScreen: TScreenLoader = withTexts(placeNodesAndLogbookTexts, () => import('./compositions/location-detail-screen').then((module) => module.LocationDetailScreen));
const locationEditScreen: TScreenLoader = withTexts(() => Promise.all([placesTexts(), alarmNotificationsTexts()]), () => import('../features/locations/location-edit-page').then((module) => module.LocationEditPage));
const gatewayListScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/gateways/gateway-list-page').then((module) => module.GatewayListPage));
const gatewayNewScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/gateways/gateway-new-page').then((module) => module.GatewayNewPage));
const gatewayDetailScreen: TScreenLoader = withTexts(placeAndNodesTexts, () => import('../features/gateways/gateway-detail-page').then((module) => module.GatewayDetailPage));
/** The check at the outlet, where a scanned outlet label leads (docs/outlets.md, "The check at the outlet"); page and texts behind one small module. */
const outletCheckScreen: TScreenLoader = () => import('../features/outlet-check/outlet-check-screen').then((module) => module.loadOutletCheckScreen());
const gatewayEditScreen: TScreenLoader = withTexts(placesTexts, () => import('../features/gateways/gateway-edit-page').then((module) => module.GatewayEditPage));

/** The twelve dashboard lists; the calibration ones also need calibrationData. */
export const DASHBOARD_LISTS = [
  { name: 'annualCalibrations', calibration: true },
  { name: 'biennialCalibrations', calibration: true },
  { name: 'triennialCalibrations', calibration: true },
  { name: 'faultySensors', calibration: false },
  { name: 'flushAlarms', calibration: false },
  { name: 'lowBatteries', calibration: false },
  { name: 'nodes', calibration: false },
  { name: 'offlineNodes', calibration: false },
  { name: 'overflowDetections', calibration: false },
  { name: 'synchronizations', calibration: false },
  { name: 'weeklyFlushes', calibration: false },
  { name: 'incorrectSettings', calibration: false },
] as const;

export const DASHBOARD_GUARD = anyOf('dashboard');
export const CALIBRATION_LIST_GUARD = allOf('dashboard', 'calibrationData');
/** Whoever watches the dashboard or works on nodes sees alarms (docs/alarms.md, "Rights"). */
export const ALARMS_GUARD = anyOf(...ALARM_READ_FLAGS);
const GATEWAY_VIEW_GUARD = anyOf('gatewayManagement', 'gatewayView');
const USER_GUARD = anyOf('userManagement');

/** Under /dashboard the incorrect-settings list is spelled with a capital I (docs/screens.md "Routes"). */
export const dashboardSegment = dashboardListSegment;

const dashboardLists: TRouteDef[] = DASHBOARD_LISTS.flatMap(({ name, calibration }) => {
  const guard = calibration ? CALIBRATION_LIST_GUARD : DASHBOARD_GUARD;
  const title = `routes.dashboardLists.${name}`;
  return [
    {
      id: `dashboard.${name}`,
      path: `/dashboard/${dashboardSegment(name, 'global')}`,
      title,
      guard,
      crumbs: ['dashboard'],
      screen: dashboardListScreen,
    },
    {
      id: `customerDashboard.${name}`,
      path: `/customers/:customer/dashboard/${dashboardSegment(name, 'customer')}`,
      title,
      guard,
      crumbs: ['customers', { route: 'customerDetail', hash: 'dashboard' }],
      screen: dashboardListScreen,
    },
  ];
});

export const ROUTES: readonly TRouteDef[] = [
  { id: 'login', path: '/login', title: 'routes.login', screen: loginScreen, public: true },
  { id: 'forgotPassword', path: '/forgot-password', title: 'routes.forgotPassword', screen: forgotPasswordScreen, public: true },
  { id: 'resetPassword', path: '/reset-password', title: 'routes.resetPassword', screen: resetPasswordScreen, public: true },
  { id: 'notFound', path: '/404', title: 'routes.notFound', screen: notFoundScreen },
  { id: 'unauthorized', path: '/unauthorized', title: 'routes.unauthorized', screen: unauthorizedScreen },

  { id: 'customers', path: '/customers', title: 'routes.customers', screen: customerListScreen },
  { id: 'customerNew', path: '/customers/new', title: 'routes.customerNew', guard: anyOf('addCustomer'), crumbs: ['customers'], screen: customerNewScreen },
  { id: 'customerDetail', path: '/customers/:customer', title: 'routes.customerDetail', crumbs: ['customers'], screen: customerDetailScreen },
  {
    id: 'customerEdit',
    path: '/customers/:customer/edit',
    title: 'routes.customerEdit',
    guard: anyOf('editCustomer'),
    crumbs: ['customers', 'customerDetail'],
    screen: customerEditScreen,
  },

  { id: 'dashboard', path: '/dashboard', title: 'routes.dashboard', guard: DASHBOARD_GUARD, screen: dashboardScreen },
  ...dashboardLists,

  // Alarm handling (docs/alarms-screens.md); the e-mails link to /alarms/{id}.
  { id: 'alarms', path: '/alarms', title: 'routes.alarms', guard: ALARMS_GUARD, screen: withTexts(alarmScreenTexts, () => import('../features/alarms/alarm-list-page').then((module) => module.AlarmListPage)) },
  {
    id: 'alarmDetail',
    path: '/alarms/:id',
    title: 'routes.alarmDetail',
    guard: ALARMS_GUARD,
    crumbs: ['alarms'],
    screen: withTexts(alarmScreenTexts, () => import('../features/alarms/alarm-detail-page').then((module) => module.AlarmDetailPage)),
  },

  { id: 'locations', path: '/locations', title: 'routes.locations', screen: locationListScreen },
  { id: 'locationNew', path: '/locations/new', title: 'routes.locationNew', guard: anyOf('addLocation'), crumbs: ['locations'], screen: locationNewScreen },
  {
    id: 'locationDetail',
    path: '/locations/:customer/:location',
    title: 'routes.locationDetail',
    crumbs: ['locations', 'customerDetail'],
    screen: locationDetailScreen,
  },
  {
    id: 'locationEdit',
    path: '/locations/:customer/:location/edit',
    title: 'routes.locationEdit',
    // editNode keeps the notes: it shows the location edit button (docs/places-screens.md).
    guard: anyOf('editLocation', 'editNode'),
    crumbs: ['locations', 'customerDetail', 'locationDetail'],
    screen: locationEditScreen,
  },

  { id: 'gateways', path: '/gateways', title: 'routes.gateways', guard: GATEWAY_VIEW_GUARD, screen: gatewayListScreen },
  {
    id: 'gatewayNew',
    path: '/gateways/new',
    title: 'routes.gatewayNew',
    guard: anyOf('gatewayManagement'),
    crumbs: ['gateways'],
    screen: gatewayNewScreen,
  },
  {
    id: 'gatewayDetail',
    path: '/gateways/:customer/:location/:gateway',
    title: 'routes.gatewayDetail',
    guard: GATEWAY_VIEW_GUARD,
    crumbs: ['gateways', 'customerDetail', 'locationDetail'],
    screen: gatewayDetailScreen,
  },
  {
    id: 'gatewayEdit',
    path: '/gateways/:customer/:location/:gateway/edit',
    title: 'routes.gatewayEdit',
    guard: anyOf('gatewayManagement'),
    crumbs: ['gateways', 'customerDetail', 'locationDetail', 'gatewayDetail'],
    screen: gatewayEditScreen,
  },

  { id: 'nodes', path: '/nodes', title: 'routes.nodes', screen: nodeListScreen },
  { id: 'nodeNew', path: '/nodes/new', title: 'routes.nodeNew', guard: anyOf('addNode'), crumbs: ['nodes'], screen: nodeNewScreen },
  {
    id: 'nodeDetail',
    path: '/nodes/:customer/:location/:eui',
    title: 'routes.nodeDetail',
    crumbs: ['nodes', 'customerDetail', 'locationDetail'],
    // The node page with the alarms feature in its #alarms tab (app/compositions).
    screen: withTexts(nodeDetailSettingsAndAlarmsTexts, () => import('./compositions/node-detail-screen').then((module) => module.NodeDetailScreen)),
  },
  {
    id: 'nodeEdit',
    path: '/nodes/:customer/:location/:eui/edit',
    title: 'routes.nodeEdit',
    guard: anyOf('editNode'),
    crumbs: ['nodes', 'customerDetail', 'locationDetail', 'nodeDetail'],
    screen: nodeEditScreen,
  },
  {
    id: 'nodeSettings',
    path: '/nodes/:customer/:location/:eui/settings',
    title: 'routes.nodeSettings',
    guard: anyOf('settings'),
    crumbs: ['nodes', 'customerDetail', 'locationDetail', 'nodeDetail'],
    screen: withTexts(nodeDetailAndSettingsTexts, () => import('../features/nodes/settings/node-settings-page').then((module) => module.NodeSettingsPage)),
  },

  { id: 'outletCheck', path: '/outlets/:id', title: 'routes.outletCheck', screen: outletCheckScreen },

  { id: 'products', path: '/products', title: 'routes.products', guard: anyOf('products'), screen: withTexts(productsTexts, () => import('../features/products/product-list-page').then((module) => module.ProductListPage)) },
  { id: 'productNew', path: '/products/new', title: 'routes.productNew', guard: ADMIN_ONLY, crumbs: ['products'], screen: withTexts(productsTexts, () => import('../features/products/product-new-page').then((module) => module.ProductNewPage)) },
  {
    id: 'productEdit',
    path: '/products/:product/edit',
    title: 'routes.productEdit',
    guard: ADMIN_ONLY,
    crumbs: ['products'],
    screen: withTexts(productsTexts, () => import('../features/products/product-edit-page').then((module) => module.ProductEditPage)),
  },

  { id: 'users', path: '/users', title: 'routes.users', guard: USER_GUARD, screen: userListScreen },
  { id: 'apiKeys', path: '/api-keys', title: 'routes.apiKeys', guard: USER_GUARD, crumbs: ['users'], screen: apiKeysScreen },
  // Webhooks (docs/webhooks.md): administrators and customer managers; the server scopes the list to their customers.
  { id: 'webhooks', path: '/webhooks', title: 'routes.webhooks', guard: anyOf('editCustomer'), screen: webhooksScreen },
  { id: 'ssoProviders', path: '/sso-providers', title: 'routes.ssoProviders', guard: ADMIN_ONLY, crumbs: ['users'], screen: ssoProvidersScreen },
  { id: 'userCurrent', path: '/users/current', title: 'routes.userCurrent', screen: accountScreen },
  { id: 'userNew', path: '/users/new', title: 'routes.userNew', guard: USER_GUARD, crumbs: ['users'], screen: userNewScreen },
  { id: 'userDetail', path: '/users/:email', title: 'routes.userDetail', guard: USER_GUARD, crumbs: ['users'], screen: userDetailScreen },
  {
    id: 'userEdit',
    path: '/users/:email/edit',
    title: 'routes.userEdit',
    guard: USER_GUARD,
    crumbs: ['users', 'userDetail'],
    screen: userEditScreen,
  },

  // The administrators' network servers and device provisioning (docs/telemetry.md, docs/telemetry-screens.md).
  {
    id: 'networkServers',
    path: '/networkServers',
    title: 'routes.networkServers',
    guard: ADMIN_ONLY,
    screen: withTexts(telemetryTexts, () => import('../features/network-servers/network-server-list-page').then((module) => module.NetworkServerListPage)),
  },
  {
    id: 'networkServerNew',
    path: '/networkServers/new',
    title: 'routes.networkServerNew',
    guard: ADMIN_ONLY,
    crumbs: ['networkServers'],
    screen: withTexts(telemetryTexts, () => import('../features/network-servers/network-server-new-page').then((module) => module.NetworkServerNewPage)),
  },
  {
    id: 'networkServerEdit',
    path: '/networkServers/:networkServer/edit',
    title: 'routes.networkServerEdit',
    guard: ADMIN_ONLY,
    crumbs: ['networkServers'],
    screen: withTexts(telemetryTexts, () => import('../features/network-servers/network-server-edit-page').then((module) => module.NetworkServerEditPage)),
  },
  {
    id: 'provisioning',
    path: '/provisioning',
    title: 'routes.provisioning',
    guard: ADMIN_ONLY,
    screen: withTexts(telemetryTexts, () => import('../features/provisioning/provisioning-page').then((module) => module.ProvisioningPage)),
  },
  // The administrators' e-mail outbox (docs/alerts.md).
  {
    id: 'mailOutbox',
    path: '/alerts/outbox',
    title: 'routes.mailOutbox',
    guard: ADMIN_ONLY,
    screen: withTexts(alertsTexts, () => import('../features/alerts/mail-outbox-page').then((module) => module.MailOutboxPage)),
  },
  // Verifying an issued logbook file (docs/logbook.md, "Verifying a file"): every signed-in user, answers scoped to their customers.
  {
    id: 'logbookVerify',
    path: '/logbook/verify',
    title: 'routes.logbookVerify',
    screen: withTexts(
      () => import('../lib/i18n/texts/logbook-verify'),
      () => import('../features/logbook-verify/logbook-verify-page').then((module) => module.LogbookVerifyPage),
    ),
  },
];

export const ROUTES_BY_ID: ReadonlyMap<string, TRouteDef> = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): TRouteDef {
  const route = ROUTES_BY_ID.get(id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}
