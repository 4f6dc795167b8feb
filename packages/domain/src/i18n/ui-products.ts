/**
 * Web texts of the products screens (issue 4). Merged into the catalogue by ui.ts; `snackbar`
 * keys are merged into the shared snackbar group.
 */
export const productsUiNl = {
  products: {},
  snackbar: {},
};

export const productsUiEn: typeof productsUiNl = {
  products: {},
  snackbar: {},
};
