import { DEFAULT_PLATFORM_BATCH_SECONDS } from '@aquasmart/domain';
import { AddressPolicy } from '../../lib/address-policy';
import type { TSenderSettings } from './platform-sender';

/** The sender's settings from the configuration (docs/platforms.md, "Configuration"). */
export function platformSettings(config: { PLATFORM_BATCH_INTERVAL?: number; LEGIONELLADOSSIER_URL?: string; PLATFORM_ALLOWED_ADDRESSES?: string }): TSenderSettings {
  return {
    batchSeconds: config.PLATFORM_BATCH_INTERVAL ?? DEFAULT_PLATFORM_BATCH_SECONDS,
    legionellaDossierUrl: config.LEGIONELLADOSSIER_URL ?? null,
    policy: new AddressPolicy(config.PLATFORM_ALLOWED_ADDRESSES ?? ''),
  };
}
