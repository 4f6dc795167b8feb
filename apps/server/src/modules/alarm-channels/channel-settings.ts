import { AddressPolicy } from '../../lib/outbound/address-policy';
import type { TChannelSettings } from './channel-outbox';

/**
 * The channels' settings from the configuration (README, "Configuration"): the SMS provider
 * (Twilio: SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM; all three of the last needed,
 * else no SMS), the platforms' address rules (PLATFORM_ALLOWED_ADDRESSES) for every outbound
 * request, and whether webhook URLs may be on other hosts than Teams' and Slack's.
 */
export function channelSettings(config: {
  SMS_API_URL?: string;
  SMS_ACCOUNT_SID?: string;
  SMS_AUTH_TOKEN?: string;
  SMS_FROM?: string;
  PLATFORM_ALLOWED_ADDRESSES?: string;
  CHANNEL_ANY_WEBHOOK_HOST?: 'on' | 'off';
}): TChannelSettings {
  const sms =
    config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM
      ? { apiUrl: config.SMS_API_URL ?? 'https://api.twilio.com', accountSid: config.SMS_ACCOUNT_SID, authToken: config.SMS_AUTH_TOKEN, from: config.SMS_FROM }
      : null;
  return { policy: new AddressPolicy(config.PLATFORM_ALLOWED_ADDRESSES ?? ''), sms, anyWebhookHost: config.CHANNEL_ANY_WEBHOOK_HOST === 'on' };
}
