import { describe, expect, it } from 'vitest';
import { emptyGatewayForm, toGatewayBody, ZGatewayForm, type TGatewayFormValues } from './gateway-form';

const valid: TGatewayFormValues = {
  mac: '7076FF0056070A1B',
  name: 'GW Zeist',
  product: 'Kerlink iStation',
  customer: 'Gemeente Utrecht',
  location: 'Stadskantoor',
  type: 'Outdoor',
  notes: '',
};

function errorsOf(values: TGatewayFormValues): Record<string, string> {
  const result = ZGatewayForm.safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field, as the resolver does.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('gateway form rules', () => {
  it.each([
    ['7076ff0056070a1b', {}],
    [' 7076FF0056070A1B ', {}],
    ['', { mac: 'validation.required' }],
    ['7076FF0056070A1', { mac: 'validation.mac' }],
    ['7076FF0056070A1B0', { mac: 'validation.mac' }],
    ['7076FF0056070G1B', { mac: 'validation.mac' }],
    ['70:76:FF:00:56:07', { mac: 'validation.mac' }],
  ])('MAC %j', (mac, expected) => {
    expect(errorsOf({ ...valid, mac })).toEqual(expected);
  });

  it.each(['name', 'product', 'customer', 'location'] as const)('requires %s', (field) => {
    expect(errorsOf({ ...valid, [field]: ' ' })).toEqual({ [field]: 'validation.required' });
  });

  it('leaves type and notes free', () => {
    expect(errorsOf({ ...valid, type: '', notes: '' })).toEqual({});
  });

  it('an empty form names every required field', () => {
    expect(Object.keys(errorsOf(emptyGatewayForm())).sort()).toEqual(['customer', 'location', 'mac', 'name', 'product']);
  });
});

describe('gateway body', () => {
  it('sends the MAC in lower case and leaves empty notes out', () => {
    const body = toGatewayBody(ZGatewayForm.parse(valid));
    expect(body).toEqual({ ...valid, mac: '7076ff0056070a1b', notes: undefined });
    expect(body).not.toHaveProperty('notes');
  });

  it('sends filled-in notes trimmed', () => {
    expect(toGatewayBody(ZGatewayForm.parse({ ...valid, notes: ' op het dak ' })).notes).toBe('op het dak');
  });
});
