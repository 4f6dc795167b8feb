import { errorMessagesEn, errorMessagesNl, validationMessagesEn, validationMessagesNl } from './messages';
import { uiMessagesEn, uiMessagesNl } from './ui';

export * from './messages';
export * from './messages-screens';
export * from './ui-places';
export * from './ui-products';
export * from './ui-telemetry';
export * from './ui-nodes-detail';
export * from './ui-nodes';
export * from './ui-users';
export * from './ui-node-settings';
export * from './ui-calibration';
export * from './ui-alerts';
export * from './ui-dashboard';
export * from './ui-logbook-report';
export * from './ui-logbook-screen';
export * from './ui-deviations';
export * from './ui-disinfections';
export * from './ui-logbook-verify';
export * from './ui-password-reset';
export * from './ui-two-factor';
export * from './ui-logbook-sign-off';
export * from './ui-alarms';

/**
 * The message catalogues, one resource per language. French and German have no texts of
 * their own yet: i18next falls back to English for them (docs/screens.md, "Menu, tabs, login and languages").
 */
export const catalogues = {
  nl: { translation: { validation: validationMessagesNl, errors: errorMessagesNl, ...uiMessagesNl } },
  en: { translation: { validation: validationMessagesEn, errors: errorMessagesEn, ...uiMessagesEn } },
} as const;
export * from './languages';
export * from './ui-alarm-notifications';
export * from './ui-platforms';
export * from './ui-field';
export * from './ui-sampling';
export * from './messages-sampling';
export * from './ui-sampling-screen';
export * from './messages-outlets';
export * from './labels-outlets';
export * from './ui-outlets-screen';
export * from './messages-calibration';
export * from './ui-outlet-check';
export * from './ui-exports';
export * from './ui-api-keys';
export * from './ui-webhooks';
export * from './ui-sso';
