/**
 * The core model of both specification documents. Names users can rename (customer,
 * location, gateway) are unique keys over surrogate ids, so a rename never breaks a reference.
 * Keep these files and the SQL migrations in ./migrations in step.
 *
 * One file per area in ./schema/; this file re-exports them all, so code imports `db/schema` and
 * drizzle-kit (drizzle.config.ts) reads every table from here.
 */
export * from './schema/places';
export * from './schema/users';
export * from './schema/devices';
export * from './schema/intake';
export * from './schema/mail';
export * from './schema/dashboard';
export * from './schema/logbook';
export * from './schema/alarms';
export * from './schema/platforms';
export * from './schema/sampling';
export * from './schema/outlets';
export * from './schema/webhooks';
