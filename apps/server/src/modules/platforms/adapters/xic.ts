import { standardAdapter, type TPlatformAdapter } from './adapter';

/**
 * XIC: no public import format is known, so XIC receives the documented format at the URL the
 * customer or location configured (docs/platforms.md, "XIC"). A real integration changes this file.
 */
export const xicAdapter: TPlatformAdapter = { ...standardAdapter };
