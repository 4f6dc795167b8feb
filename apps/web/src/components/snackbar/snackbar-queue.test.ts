import { describe, expect, it } from 'vitest';
import { EMPTY_SNACK_QUEUE, snackQueue, type TSnack, type TSnackAction, type TSnackQueue } from './snackbar-queue';

const snack = (id: number): TSnack => ({ id, message: `m${id}`, severity: 'success' });
const run = (actions: TSnackAction[], from: TSnackQueue = EMPTY_SNACK_QUEUE) => actions.reduce(snackQueue, from);
const shown = (state: TSnackQueue) => ({ ids: state.snacks.map((s) => s.id), open: state.open });

describe('the snackbar queue', () => {
  it.each<[string, TSnackAction[], { ids: number[]; open: boolean }]>([
    ['a first message opens', [{ type: 'show', snack: snack(1) }], { ids: [1], open: true }],
    ['closing keeps it until its exit', [{ type: 'show', snack: snack(1) }, { type: 'close', id: 1 }], { ids: [1], open: false }],
    ['after its exit nothing is left', [{ type: 'show', snack: snack(1) }, { type: 'close', id: 1 }, { type: 'exited', id: 1 }], { ids: [], open: false }],
    ['a new message closes the one on screen', [{ type: 'show', snack: snack(1) }, { type: 'show', snack: snack(2) }], { ids: [1, 2], open: false }],
    ['the newest opens after the exit', [{ type: 'show', snack: snack(1) }, { type: 'show', snack: snack(2) }, { type: 'exited', id: 1 }], { ids: [2], open: true }],
    ['messages in between are dropped', [{ type: 'show', snack: snack(1) }, { type: 'show', snack: snack(2) }, { type: 'show', snack: snack(3) }, { type: 'exited', id: 1 }], { ids: [3], open: true }],
    // The race a screen test found: closed by the user, a new message during the exit transition.
    ['closed by the user, a new one during the exit', [{ type: 'show', snack: snack(1) }, { type: 'close', id: 1 }, { type: 'show', snack: snack(2) }, { type: 'exited', id: 1 }], { ids: [2], open: true }],
    ['closed by the user, a new one after the exit', [{ type: 'show', snack: snack(1) }, { type: 'close', id: 1 }, { type: 'exited', id: 1 }, { type: 'show', snack: snack(2) }], { ids: [2], open: true }],
    ['a second exit of the same snackbar changes nothing', [{ type: 'show', snack: snack(1) }, { type: 'show', snack: snack(2) }, { type: 'exited', id: 1 }, { type: 'exited', id: 1 }], { ids: [2], open: true }],
    ['a close of one no longer shown changes nothing', [{ type: 'show', snack: snack(1) }, { type: 'show', snack: snack(2) }, { type: 'exited', id: 1 }, { type: 'close', id: 1 }], { ids: [2], open: true }],
  ])('%s', (_name, actions, expected) => {
    expect(shown(run(actions))).toEqual(expected);
  });
});
