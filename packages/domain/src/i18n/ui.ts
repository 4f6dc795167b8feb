/** Texts of the web app's screens (owned by the web app; keys grouped by feature). */
export const uiMessagesNl = {} as Record<string, unknown>;
export const uiMessagesEn = {} as Record<string, unknown>;
