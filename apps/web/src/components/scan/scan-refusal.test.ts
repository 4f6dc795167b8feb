import { describe, expect, it } from 'vitest';
import '../../lib/i18n/texts/field';
import { i18n } from '../../lib/i18n/i18n';
import { testUser } from '../../test/users';
import { notFoundRefusal } from './scan-refusal';

const EUI = '70B3D5E75E000011';
const PLAIN = { text: `Node ${EUI} niet gevonden.` };
const OFFER = { text: `Node ${EUI} niet gevonden. Is het een nieuwe node, dan kunt u hem registreren.`, registerTo: `/nodes/new?eui=${EUI}` };

/** A label whose node the server answers 404: registering it is offered to whom it may lead somewhere. */
describe('notFoundRefusal', () => {
  it.each([
    ['an engineer with addNode (a free node is a 404 to them)', testUser(['addNode', 'editNode']), OFFER],
    ['a user without addNode', testUser(['editNode', 'moveNode', 'dashboard']), PLAIN],
    ['an administrator (sees free nodes: a 404 is no node at all)', testUser([], { type: 'Administrator' }), PLAIN],
    ['an administrator by the right flag', testUser(['administrator', 'addNode']), PLAIN],
    ['nobody signed in (yet)', undefined, PLAIN],
  ])('%s', (_who, user, expected) => {
    expect(notFoundRefusal(i18n.t, EUI, user)).toEqual(expected);
  });
});
