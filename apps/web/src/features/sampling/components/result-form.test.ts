import { describe, expect, it } from 'vitest';
import { emptyResult, resultBody } from './result-form';

const NOW = new Date('2026-11-20T10:00:00Z');

describe('resultBody: the "Resultaat invoeren" form as the API takes it', () => {
  it('reads counts the lab way (1.500 is fifteen hundred) and the water temperature with a comma', () => {
    const values = { ...emptyResult('kve/l', 7, NOW), sampleId: 'LAB-1', lab: 'Aqualab', waterCelsius: '41,5' };
    values.counts = [{ ...values.counts[0], count: '1.500' }];
    const { body, errors } = resultBody(values);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ samplePointId: 7, sampleId: 'LAB-1', lab: 'Aqualab', waterCelsius: 41.5, method: 'ISO 11731', counts: [{ species: 'Legionella spp.', count: 1500, unit: 'kve/l', serogroup: null, detectionLimit: null }] });
    expect(body?.takenAt).toBe(new Date(values.takenAt).toISOString());
  });

  it('"not detected" sends a null count with its detection limit; without it a count is required', () => {
    const base = { ...emptyResult('KBE/100 ml', 3, NOW), sampleId: 'S', lab: 'L' };
    const notDetected = resultBody({ ...base, counts: [{ ...base.counts[0], notDetected: true, count: '12', detectionLimit: '100' }] });
    expect(notDetected.body?.counts).toEqual([expect.objectContaining({ count: null, detectionLimit: 100, unit: 'KBE/100 ml' })]);
    expect(resultBody(base)).toEqual({ body: null, errors: { 'counts.0.count': 'validation.required' } });
  });

  it('names the missing fields by their path, the point among them', () => {
    const { body, errors } = resultBody({ ...emptyResult('kve/l', null, NOW), counts: [{ ...emptyResult('kve/l', null, NOW).counts[0], count: '200' }] });
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['lab', 'sampleId', 'samplePointId']);
  });

  it('refuses a count that is no number', () => {
    const base = { ...emptyResult('kve/l', 1, NOW), sampleId: 'S', lab: 'L' };
    const { errors } = resultBody({ ...base, counts: [{ ...base.counts[0], count: 'veel' }] });
    expect(Object.keys(errors)).toEqual(['counts.0.count']);
  });
});
