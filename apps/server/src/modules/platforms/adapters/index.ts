import type { TPlatform } from '@aquasmart/domain';
import type { TPlatformAdapter } from './adapter';
import { legionellaDossierAdapter } from './legionella-dossier';
import { unicaAdapter } from './unica';
import { xicAdapter } from './xic';

export type { TAdapterSettings, TPlatformAdapter } from './adapter';

/** One adapter per platform: the only place that knows what differs between them. */
export const ADAPTERS: Record<TPlatform, TPlatformAdapter> = {
  LegionellaDossier: legionellaDossierAdapter,
  XIC: xicAdapter,
  Unica: unicaAdapter,
};

export function adapterFor(platform: string | null): TPlatformAdapter | null {
  return platform !== null && platform in ADAPTERS ? ADAPTERS[platform as TPlatform] : null;
}
