import { outletMessagesDe, outletMessagesEn, outletMessagesNl } from './messages-outlets';

/**
 * The words an outlet's printed label carries (docs/field-work.md, "Outlet labels"), in the
 * language of the sheet: the outlet's kind and water (the register's names, messages-outlets.ts),
 * "room" and "floor". Read by the server's label sheet, not loaded by the web app.
 */
export const outletLabelTexts = {
  nl: { title: 'Tappuntlabels', room: 'Ruimte', floor: 'Verdieping', kinds: outletMessagesNl.outlets.kinds, waters: outletMessagesNl.outlets.waters },
  en: { title: 'Outlet labels', room: 'Room', floor: 'Floor', kinds: outletMessagesEn.outlets.kinds, waters: outletMessagesEn.outlets.waters },
  de: { title: 'Etiketten der Zapfstellen', room: 'Raum', floor: 'Geschoss', kinds: outletMessagesDe.outlets.kinds, waters: outletMessagesDe.outlets.waters },
} as const;
