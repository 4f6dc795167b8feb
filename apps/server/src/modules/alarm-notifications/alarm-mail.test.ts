import { describe, expect, it } from 'vitest';
import { composeAlarmMail, type TAlarmForMail } from './alarm-mail';

const ALARM: TAlarmForMail = {
  id: 7,
  kind: 'legionella',
  deviceEui: null,
  deviceName: null,
  gatewayName: null,
  channelId: '',
  customerName: 'Acme',
  locationName: 'Sporthal',
  openedAt: new Date('2026-03-31T07:15:00Z'),
  closedAt: null,
  state: 'new',
};
const mail = (language: string, alarm: Partial<TAlarmForMail>) =>
  composeAlarmMail('immediately', { name: '', language, timeZone: 'Europe/Amsterdam' }, [{ ...ALARM, ...alarm }], 'https://portal.example');

describe('what an alarm e-mail says the alarm is about (issue 41, "Words")', () => {
  it.each<[string, string, Partial<TAlarmForMail>, string, string]>([
    ['a sample point', 'nl', { samplePointName: 'Douche 1' }, 'Legionella boven de norm: Monsterpunt Douche 1 (Acme)', 'LEGIONELLA BOVEN DE NORM: MONSTERPUNT DOUCHE 1'],
    ['a sample point', 'en', { samplePointName: 'Douche 1' }, 'Legionella above the limit: Sample point Douche 1 (Acme)', 'LEGIONELLA ABOVE THE LIMIT: SAMPLE POINT DOUCHE 1'],
    ['an overdue sampling', 'nl', { kind: 'samplingOverdue', samplePointName: 'Douche 1' }, 'Bemonstering te laat: Monsterpunt Douche 1 (Acme)', 'BEMONSTERING TE LAAT: MONSTERPUNT DOUCHE 1'],
    ['an outlet', 'nl', { kind: 'checkOverdue', outletName: 'Douche 3' }, 'Controle te laat: Tappunt Douche 3 (Acme)', 'CONTROLE TE LAAT: TAPPUNT DOUCHE 3'],
    ['an outlet', 'en', { kind: 'checkOverdue', outletName: 'Douche 3' }, 'Check overdue: Outlet Douche 3 (Acme)', 'CHECK OVERDUE: OUTLET DOUCHE 3'],
    ['a node, by its name alone', 'nl', { kind: 'temperature', deviceEui: '0011223344556677', deviceName: 'Boiler' }, 'Temperatuur buiten de grens: Boiler (Acme)', 'TEMPERATUUR BUITEN DE GRENS: BOILER'],
  ])('%s (%s)', (_name, language, alarm, subject, title) => {
    const content = mail(language, alarm);
    expect(content.subject).toBe(subject);
    expect(content.text).toContain(title);
    expect(content.html).toContain(subject.replace(/ \(Acme\)$/, ''));
  });
});
