/**
 * Web texts of the customers, locations and gateways screens (issue 4). Merged into the
 * catalogue by ui.ts; `snackbar` keys are merged into the shared snackbar group.
 */
export const placesUiNl = {
  customers: {},
  locations: {},
  gateways: {},
  snackbar: {},
};

export const placesUiEn: typeof placesUiNl = {
  customers: {},
  locations: {},
  gateways: {},
  snackbar: {},
};
