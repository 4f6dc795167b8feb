import { describe, expect, it } from 'vitest';
import { ungrantableRightFlags } from './form-rules';
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
