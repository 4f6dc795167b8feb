/**
 * Web texts of the administrator screens of the telemetry pipeline (issue 5: network servers,
 * device provisioning). Merged into the catalogue by ui.ts; `snackbar` keys are merged into the
 * shared snackbar group.
 */
export const telemetryUiNl = {
  networkServers: {},
  provisioning: {},
  snackbar: {},
};

export const telemetryUiEn: typeof telemetryUiNl = {
  networkServers: {},
  provisioning: {},
  snackbar: {},
};
