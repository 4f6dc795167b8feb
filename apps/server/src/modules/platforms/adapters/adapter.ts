import { PLATFORM_PROBLEM_ERRORS, type TEndpointValue, type TPlatformItem } from '@aquasmart/domain';

/** What the configuration tells the adapters (docs/platforms.md, "Configuration"). */
export interface TAdapterSettings {
  /** LEGIONELLADOSSIER_URL: where LegionellaDossier takes deliveries (its form has no URL). */
  legionellaDossierUrl: string | null;
}

/**
 * The platform-specific part of a delivery (docs/platforms.md, "Adapters"): where it goes, which
 * headers besides `Authorization: Bearer` and the signature, and what each item carries extra.
 * A real integration with one platform changes that platform's file only.
 */
export interface TPlatformAdapter {
  /** The URL to POST to, or why there is none (the endpoint is parked with it). */
  target(endpoint: TEndpointValue, settings: TAdapterSettings): { url: string } | { problem: string };
  /** Headers this platform wants besides the common ones. */
  headers(token: string): Record<string, string>;
  /** The item as this platform gets it. */
  item(item: TPlatformItem, endpoint: TEndpointValue): TPlatformItem;
}

/** The documented format as it is, to the configured URL: XIC and Unica publish no import format of their own. */
export const standardAdapter: TPlatformAdapter = {
  target: (endpoint) => (endpoint.url ? { url: endpoint.url } : { problem: PLATFORM_PROBLEM_ERRORS.noUrl }),
  headers: () => ({}),
  item: (item) => item,
};
