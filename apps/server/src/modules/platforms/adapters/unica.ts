import { standardAdapter, type TPlatformAdapter } from './adapter';

/**
 * Unica: no public import format is known, so Unica receives the documented format at the URL the
 * customer or location configured (docs/platforms.md, "Unica"). A real integration changes this file.
 */
export const unicaAdapter: TPlatformAdapter = { ...standardAdapter };
