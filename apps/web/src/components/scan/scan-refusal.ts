import type { TFunction } from 'i18next';
import { hasAnyRight, isAdministrator, type TRightsHolder } from '@aquasmart/domain';
import { nodeNewScreen } from '../../lib/api/nodes';

/** What the scanner says when a label leads nowhere; with `registerTo` it offers to register the node there. */
export interface TScanRefusal {
  text: string;
  registerTo?: string;
}

/** The register screen with the EUI filled in (docs/field-work.md, "Scan"). */
export const registerScreenFor = (eui: string) => `${nodeNewScreen()}?eui=${encodeURIComponent(eui)}`;

/**
 * A label whose node the server answers 404 (docs/field-work.md, "A free node"). For a holder of
 * addNode who is no administrator that 404 may be a free node (the server shows those to
 * administrators only), so registering it is offered, without promising: the EUI may as well be a
 * typo or another customer's node, which the register screen then refuses ("Geen vrije node met deze
 * EUI"). An administrator sees every node, free ones too (they open the register screen at once):
 * a 404 is a node the portal does not have, and registering it could only fail. Without addNode
 * there is nothing to offer.
 */
export function notFoundRefusal(t: TFunction, eui: string, user: TRightsHolder | null | undefined): TScanRefusal {
  if (isAdministrator(user) || !hasAnyRight(user, 'addNode')) return { text: t('field.scan.notFound', { eui }) };
  return { text: t('field.scan.notFoundMayRegister', { eui }), registerTo: registerScreenFor(eui) };
}
