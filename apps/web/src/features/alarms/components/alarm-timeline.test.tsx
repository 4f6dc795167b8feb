import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { TAlarmCloseReason, TAlarmEvent } from '@aquasmart/domain';
import '../../../lib/i18n/texts/alarms';
import { i18n } from '../../../lib/i18n/i18n';
import { eventFixture } from '../alarm.fixture';
import { AlarmTimeline } from './alarm-timeline';

/** The timeline's steps with their reasons (docs/alarms.md, "Closing reasons"), in Dutch and English. */

const closed = (reason: TAlarmCloseReason | null): TAlarmEvent => eventFixture({ id: 2, at: '2026-11-26T09:00:00.000Z', action: 'closed', reason });

function titles(events: TAlarmEvent[]): string[] {
  render(
    <I18nextProvider i18n={i18n}>
      <AlarmTimeline events={events} />
    </I18nextProvider>,
  );
  const list = screen.getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

afterEach(async () => {
  await i18n.changeLanguage('nl');
});

describe('AlarmTimeline: close reasons', () => {
  it.each<[TAlarmCloseReason | null, string, string]>([
    [null, 'Toestand voorbij', 'Condition over'],
    ['batterySwap', 'Gesloten: batterij vervangen', 'Closed: battery replaced'],
    ['gatewayDeleted', 'Gesloten: gateway verwijderd', 'Closed: gateway deleted'],
    ['nodeMoved', 'Gesloten: node verplaatst naar een andere locatie', 'Closed: node moved to another location'],
    ['nodeRemoved', 'Gesloten: node verwijderd', 'Closed: node removed'],
  ])('a closed step with reason %s: "%s" / "%s"', async (reason, dutch, english) => {
    await i18n.changeLanguage('nl');
    expect(titles([eventFixture(), closed(reason)])).toEqual(['Alarm begonnen', dutch]);
    document.body.innerHTML = '';
    await i18n.changeLanguage('en');
    expect(titles([eventFixture(), closed(reason)])).toEqual(['Alarm started', english]);
    const item = document.querySelector('li[data-action="closed"]');
    expect(item?.getAttribute('data-reason')).toBe(reason);
  });

  it('an opened step of a condition carried to the node’s new place says so', async () => {
    await i18n.changeLanguage('nl');
    expect(titles([eventFixture({ reason: 'nodeMoved' })])).toEqual(['Alarm begonnen: node hierheen verplaatst']);
    document.body.innerHTML = '';
    await i18n.changeLanguage('en');
    expect(titles([eventFixture({ reason: 'nodeMoved' })])).toEqual(['Alarm started: node moved here']);
  });
});
