/** Accounts of the demo data that the browser tests sign in with (see scripts/e2e-server.mjs). */
export const ADMIN = { email: 'admin@example.com', password: 'Welkom-admin-2026' };
/** Service engineer: dashboard, calibration, settings, editNode, addNode, gatewayView, products; all customers. */
export const ENGINEER = { email: 'monteur@example.com', password: 'Welkom-demo-2026' };
/** Customer user restricted to "Gemeente Utrecht" with the dashboard and calibrationData rights only. */
export const CUSTOMER_USER = { email: 'klant@example.com', password: 'Welkom-demo-2026' };
