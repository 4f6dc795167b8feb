import { z } from 'zod';

const ZAddress = z.email();

/**
 * A sender as MAIL_FROM gives it: `portal@example.nl` or `Aquasmart Portal <portal@example.nl>`
 * (the name may be quoted). Answers the name and address, or null when it is not one mailbox.
 */
export function parseMailbox(text: string): { name: string; address: string } | null {
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s"]+))\s*$/.exec(text);
  if (!match) return null;
  const address = match[2] ?? match[3];
  if (!ZAddress.safeParse(address).success) return null;
  return { name: (match[1] ?? '').trim(), address };
}
