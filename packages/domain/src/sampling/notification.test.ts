import { describe, expect, it } from 'vitest';
import { repeatsReport, sampleNotification, type TNotificationFacts } from './notification';

const FACTS: TNotificationFacts = {
  rulebook: 'NL',
  legalStep: 'reportIlt',
  repeated: false,
  customer: 'Zorggroep West',
  location: 'Huize Zonneveld',
  timeZone: 'Europe/Amsterdam',
  point: 'Douche kamer 12',
  role: 'hot',
  sampleId: 'M-2026-001',
  lab: 'Lab Noord',
  method: 'ISO 11731',
  takenAt: '2026-03-31T07:15:00.000Z',
  count: 1200,
  unit: 'kve/l',
  perLitre: 1200,
  resampleDue: '2026-04-30',
};

describe('the prepared notification', () => {
  it('names the step, the authority and the figures in Dutch, English and German', () => {
    const notification = sampleNotification(FACTS);
    expect(notification).toMatchObject({ legalStep: 'reportIlt', authority: 'ILT', repeated: false });
    expect(notification.subject.nl).toBe('Legionella boven de norm: Huize Zonneveld, Douche kamer 12');
    expect(notification.text.nl).toContain('31 maart 2026 om 09:15');
    expect(notification.text.nl).toContain('1.200 kve/l Legionella vastgesteld (1.200 per liter)');
    expect(notification.text.nl).toContain('Direct melden aan de ILT.');
    expect(notification.text.nl).toContain('Hermonster uiterlijk 30 april 2026.');
    expect(notification.text.en).toContain('1,200 kve/l');
    expect(notification.text.de).toContain('1.200 kve/l Legionellen festgestellt');
  });

  it('a re-sample still above 1,000 kve/l repeats the report (NL)', () => {
    expect(repeatsReport('NL', 'report', 'report')).toBe(true);
    expect(repeatsReport('NL', 'report', 'exceeded')).toBe(false);
    expect(repeatsReport('NL', 'exceeded', 'report')).toBe(false);
    expect(repeatsReport('DE', 'report', 'report')).toBe(false);
    const notification = sampleNotification({ ...FACTS, repeated: true });
    expect(notification.subject.nl).toMatch(/^Herhaalde melding/);
    expect(notification.text.nl).toContain('ook het hermonster ligt boven 1.000 kve/l');
  });

  it('the UK steps tell no authority; the German one the Gesundheitsamt', () => {
    expect(sampleNotification({ ...FACTS, rulebook: 'UK', legalStep: 'resampleReviewAtOnce', unit: 'cfu/l' }).authority).toBeNull();
    expect(sampleNotification({ ...FACTS, rulebook: 'DE', legalStep: 'reportGesundheitsamt', unit: 'KBE/100 ml', count: 120, perLitre: 1200 })).toMatchObject({ authority: 'Gesundheitsamt' });
  });
});
