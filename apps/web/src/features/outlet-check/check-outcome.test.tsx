import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TCheckRecord } from '@aquasmart/domain';
import { renderAt } from '../../test/render';
import '../../lib/i18n/texts/outlet-check';
import { CheckOutcome } from './check-outcome';

const base: TCheckRecord = {
  id: 41,
  customer: 'Zorggroep West',
  location: 'Huize Zonneveld',
  outletId: 3,
  outletName: 'Douche 12',
  check: 'sentinelTemperature',
  outcome: 'done',
  reason: null,
  celsius: 55.5,
  ranSeconds: 60,
  allowedSeconds: 60,
  rulebook: 'NL',
  limit: { kind: 'atLeast', celsius: 60 },
  verdict: 'outsideLimit',
  deviation: true,
  alarmId: 7,
  node: null,
  drift: null,
  note: null,
  photo: null,
  doneAt: '2026-11-29T10:00:00.000Z',
  recordedAt: '2026-11-29T10:00:01.000Z',
  recordedBy: 'monteur@example.com',
};

/** Text as read, the no-break space before a unit as a space. */
const read = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

/** The verdict after saving (docs/outlets.md, "The check at the outlet"), in Dutch. */
describe('CheckOutcome', () => {
  it.each<[string, Partial<TCheckRecord>, string[], boolean]>([
    ['outside the limit: the deviation and its alarm', {}, ['Buiten de norm', '55,5 °C na 60 s', 'Norm: minstens 60,0 °C na 60 s stromen', 'Afwijking geopend'], true],
    ['not within the running time', { celsius: 61, ranSeconds: 90, verdict: 'notWithinTime' }, ['Norm niet binnen de looptijd gehaald', '61,0 °C na 90 s', 'Afwijking geopend'], true],
    ['within the limit', { celsius: 61.2, verdict: 'withinLimit', deviation: false, alarmId: null }, ['Binnen de norm', '61,2 °C na 60 s'], false],
    ['a mixed outlet: not judged, no limit shown', { celsius: 41, verdict: 'notJudged', deviation: false, alarmId: null, limit: null }, ['Niet beoordeeld (geen norm)', '41,0 °C na 60 s'], false],
    ['a check without a reading', { check: 'showerheadDescaling', celsius: null, ranSeconds: null, verdict: null, deviation: false, alarmId: null, limit: null }, ['Controle vastgelegd', 'Douchekop ontkalken'], false],
    ['not possible', { outcome: 'notPossible', reason: 'Op slot', celsius: null, ranSeconds: null, verdict: null, deviation: false, alarmId: null }, ['Vastgelegd als niet mogelijk'], false],
  ])('%s', async (_name, change, texts, alarm) => {
    renderAt(<CheckOutcome check={{ ...base, ...change }} />);
    const status = await screen.findByRole('status');
    for (const text of texts) expect(read(status)).toContain(text);
    if (alarm) expect(screen.getByRole('link', { name: 'Alarm bekijken' }).getAttribute('href')).toBe('/alarms/7');
    else expect(screen.queryByRole('link')).toBeNull();
    if (change.verdict !== 'notJudged' && change.verdict !== null) expect(read(status)).toContain('Norm:');
    else expect(read(status)).not.toContain('Norm:');
  });

  it('says possible drift with the node reading, only when the server flagged it', async () => {
    const { unmount } = renderAt(<CheckOutcome check={{ ...base, node: { eui: '70B3D5E75E000001', channelId: 'temperature1', celsius: 58.1, at: '2026-11-29T09:58:00.000Z' }, drift: true }} />);
    expect(read(await screen.findByTestId('check-drift'))).toMatch(/^Mogelijk afwijkende sensor: handmeting en node verschillen meer dan 1,5 °CNode: 58,1 °C om /);
    unmount();
    renderAt(<CheckOutcome check={{ ...base, node: { eui: '70B3D5E75E000001', channelId: 'temperature1', celsius: 56, at: '2026-11-29T09:58:00.000Z' }, drift: false }} />);
    await screen.findByRole('status');
    expect(screen.queryByTestId('check-drift')).toBeNull();
  });
});
