import { describe, expect, it } from 'vitest';
import { heldBeyond, ungrantableRightFlags } from './form-rules';
import { RIGHT_FLAGS, type TRightFlag } from './flags';

const flags = (...on: TRightFlag[]) => Object.fromEntries(on.map((flag) => [flag, true]));

describe('ungrantableRightFlags: who may tick what in a user form', () => {
  it('an administrator may grant everything', () => {
    expect([...ungrantableRightFlags({ administrator: true, flags: {} })]).toEqual([]);
  });

  it.each([
    ['a user manager with settings: administrator and what they lack are locked', flags('userManagement', 'settings'), {}, RIGHT_FLAGS.filter((flag) => !['userManagement', 'settings'].includes(flag))],
    ['a flag the edited user already has may stay (or be taken away)', flags('userManagement'), flags('calibration'), RIGHT_FLAGS.filter((flag) => !['userManagement', 'calibration'].includes(flag))],
    ['administrator stays locked for a non-administrator, whatever they hold', flags(...RIGHT_FLAGS.filter((flag) => flag !== 'administrator')), {}, ['administrator']],
  ] as const)('%s', (_case, held, before, locked) => {
    expect([...ungrantableRightFlags({ administrator: false, flags: held }, before)].sort()).toEqual([...locked].sort());
  });
});

describe('heldBeyond: a user manager acts only on users who hold no more than they do', () => {
  const manager = { administrator: false, flags: { userManagement: true, dashboard: true }, customers: [] };
  it.each([
    ['less', { administrator: false, flags: { dashboard: true }, customers: ['A'] }, [], false],
    ['the same', { administrator: false, flags: { userManagement: true, dashboard: true }, customers: [] }, [], false],
    ['a right more', { administrator: false, flags: { dashboard: true, settings: true }, customers: [] }, ['settings'], false],
    ['gatewayManagement (with its gatewayView)', { administrator: false, flags: { gatewayManagement: true }, customers: [] }, ['gatewayView', 'gatewayManagement'], false],
    ['an administrator', { administrator: true, flags: {}, customers: [] }, expect.arrayContaining(['administrator', 'settings']), false],
  ] as const)('target holding %s', (_name, target, flags, customers) => {
    expect(heldBeyond(manager, target)).toEqual({ flags, customers });
  });

  it('customers: an editor limited to customers holds less than a user who sees every customer or another customer', () => {
    const editor = { administrator: false, flags: { editNode: true }, customers: ['A', 'B'] };
    expect(heldBeyond(editor, { administrator: false, flags: {}, customers: ['A'] }).customers).toBe(false);
    expect(heldBeyond(editor, { administrator: false, flags: {}, customers: ['A', 'C'] }).customers).toBe(true);
    expect(heldBeyond(editor, { administrator: false, flags: {}, customers: [] }).customers).toBe(true);
  });

  it('an administrator holds everything', () => {
    expect(heldBeyond({ administrator: true, flags: {}, customers: [] }, { administrator: true, flags: {}, customers: [] })).toEqual({ flags: [], customers: false });
  });
});
