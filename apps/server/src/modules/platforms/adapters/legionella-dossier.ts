import { PLATFORM_PROBLEM_ERRORS } from '@aquasmart/domain';
import type { TPlatformAdapter } from './adapter';

/** The header LegionellaDossier's public API takes its integration token in. */
export const LEGIONELLADOSSIER_HEADER = 'x-legionelladossier-integration';

/**
 * LegionellaDossier (docs/platforms.md, "LegionellaDossier"): its form has no URL, so deliveries go
 * to LEGIONELLADOSSIER_URL; the token goes in its public API's integration header as well as in
 * `Authorization: Bearer`; each item carries the device type and three subtypes configured on the
 * customer or location. Its public API has no call for sensor readings (it covers locations,
 * floors, rooms, task groups and vacancy): the body is the documented format, assumed to reach an
 * import on their side. A real integration changes this file.
 */
export const legionellaDossierAdapter: TPlatformAdapter = {
  target: (_endpoint, settings) =>
    settings.legionellaDossierUrl ? { url: settings.legionellaDossierUrl } : { problem: PLATFORM_PROBLEM_ERRORS.legionellaDossierUrl },
  headers: (token) => ({ [LEGIONELLADOSSIER_HEADER]: token }),
  item: (item, endpoint) => ({
    ...item,
    legionellaDossier: {
      deviceType: endpoint.ldOptions?.deviceType ?? null,
      subType1: endpoint.ldOptions?.subType1 ?? null,
      subType2: endpoint.ldOptions?.subType2 ?? null,
      subType3: endpoint.ldOptions?.subType3 ?? null,
    },
  }),
};
