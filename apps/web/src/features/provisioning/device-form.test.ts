import { describe, expect, it } from 'vitest';
import { emptyDeviceForm, nextDeviceForm, ZDeviceForm, type TDeviceFormValues } from './device-form';

const valid: TDeviceFormValues = { eui: '70B3D5E75E00A1B2', type: 'V2', version: '1.0', networkServer: 'ChirpStack', encryptionMode: 'NS' };

function errorsOf(values: unknown): Record<string, string> {
  const result = ZDeviceForm.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('device form rules (docs/telemetry.md, "Provisioning devices")', () => {
  it.each([
    ['70B3D5E75E00A1B2', {}],
    ['70b3d5e75e00a1b2', {}],
    [' 70B3D5E75E00A1B2 ', {}],
    ['', { eui: 'validation.required' }],
    ['70B3D5E75E00A1B', { eui: 'validation.eui' }],
    ['70B3D5E75E00A1B20', { eui: 'validation.eui' }],
    ['70B3D5E75E00A1G2', { eui: 'validation.eui' }],
    ['70-B3-D5-E7-5E-00', { eui: 'validation.eui' }],
  ])('EUI %j', (eui, expected) => {
    expect(errorsOf({ ...valid, eui })).toEqual(expected);
  });

  it('answers the EUI in upper case', () => {
    expect(ZDeviceForm.parse({ ...valid, eui: '70b3d5e75e00a1b2' }).eui).toBe('70B3D5E75E00A1B2');
  });

  it.each([
    ['V1', {}],
    ['V3', {}],
    [undefined, { type: 'validation.required' }],
    ['', { type: 'validation.required' }],
    ['V4', { type: 'validation.unsupportedDeviceType' }],
    ['v2', { type: 'validation.unsupportedDeviceType' }],
  ])('type %j', (type, expected) => {
    expect(errorsOf({ ...valid, type })).toEqual(expected);
  });

  it.each([
    ['1', {}],
    ['1.0', {}],
    ['2.1.3', {}],
    ['', { version: 'validation.required' }],
    ['1.2.3.4', { version: 'validation.version' }],
    ['v1', { version: 'validation.version' }],
    ['1.', { version: 'validation.version' }],
  ])('version %j', (version, expected) => {
    expect(errorsOf({ ...valid, version })).toEqual(expected);
  });

  it.each([
    ['NS', {}],
    ['APP', {}],
    [undefined, {}],
    ['ABP', { encryptionMode: 'validation.oneOf' }],
  ])('encryption mode %j', (encryptionMode, expected) => {
    expect(errorsOf({ ...valid, encryptionMode })).toEqual(expected);
  });

  it('requires the network server', () => {
    expect(errorsOf({ ...valid, networkServer: ' ' })).toEqual({ networkServer: 'validation.required' });
  });

  it('an empty form names every required field and defaults the encryption to NS', () => {
    expect(Object.keys(errorsOf(emptyDeviceForm())).sort()).toEqual(['eui', 'networkServer', 'type', 'version']);
    expect(emptyDeviceForm().encryptionMode).toBe('NS');
  });

  it('after an add keeps everything but the EUI', () => {
    expect(nextDeviceForm(ZDeviceForm.parse({ ...valid, encryptionMode: 'APP' }))).toEqual({ ...valid, eui: '', encryptionMode: 'APP' });
  });
});
