/** The page of one outlet (docs/outlets.md, "Screens"): the check at the outlet, linked from the register, the due list, the dashboard and the alarms. */
export const outletScreen = (id: number) => `/outlets/${id}`;
