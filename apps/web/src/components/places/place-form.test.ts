import { describe, expect, it } from 'vitest';
import {
  personOrNull,
  emptyPlaceForm,
  intervalAfterCustomerChoice,
  locationAfterReload,
  placeFormSchema,
  placeToForm,
  timeZoneOptions,
  TIME_ZONES,
  toCustomerBody,
  toLocationBody,
  visibleEndpointFields,
  type TPlaceFormOptions,
  type TPlaceFormValues,
} from './place-form';

function filled(kind: 'customer' | 'location', changes: Partial<TPlaceFormValues> = {}): TPlaceFormValues {
  return {
    ...emptyPlaceForm(kind),
    name: 'Gemeente Zeist',
    customer: kind === 'location' ? 'Gemeente Utrecht' : '',
    reference: 'GZ-1',
    address: 'Het Rond 1',
    postalCode: '3701 HS',
    city: 'Zeist',
    country: 'Nederland',
    ...changes,
  };
}

function endpoint(platform: string, rest: Partial<TPlaceFormValues['endpoint']> = {}): TPlaceFormValues['endpoint'] {
  return { platform, url: '', token: '', ldOptions: { deviceType: '', subType1: '', subType2: '', subType3: '' }, ...rest };
}

/** The field errors of a form, path -> message key. */
function errorsOf(options: TPlaceFormOptions, values: TPlaceFormValues): Record<string, string> {
  const result = placeFormSchema(options).safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field, as the resolver does.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const ADMIN_CREATE: TPlaceFormOptions = { kind: 'customer', mode: 'create', admin: true };
const ADMIN_EDIT: TPlaceFormOptions = { kind: 'customer', mode: 'edit', admin: true };

describe('place form rules', () => {
  it.each([
    ['name', ''],
    ['reference', ''],
    ['address', '   '],
    ['postalCode', ''],
    ['city', ''],
    ['country', ''],
  ] as const)('requires %s', (field, value) => {
    expect(errorsOf(ADMIN_CREATE, filled('customer', { [field]: value }))).toEqual({ [field]: 'validation.required' });
  });

  it('requires the customer of a location, not of a customer', () => {
    expect(errorsOf({ kind: 'location', mode: 'create', admin: false }, filled('location', { customer: '' }))).toEqual({
      customer: 'validation.required',
    });
    expect(errorsOf({ kind: 'customer', mode: 'create', admin: false }, filled('customer', { customer: '' }))).toEqual({});
  });

  it.each([
    [true, '', { interval: 'validation.required' }],
    [true, '4', { interval: 'validation.oneOf' }],
    [true, '3', {}],
    [false, '', {}],
  ])('interval for admin=%s value %j', (admin, interval, expected) => {
    expect(errorsOf({ kind: 'customer', mode: 'create', admin }, filled('customer', { interval }))).toEqual(expected);
  });

  it.each([
    ['none', ADMIN_CREATE, endpoint('none'), {}],
    ['XIC without url and token', ADMIN_CREATE, endpoint('XIC'), { 'endpoint.url': 'validation.required', 'endpoint.token': 'validation.required' }],
    ['Unica with a bad url', ADMIN_CREATE, endpoint('Unica', { url: 'ftp://x', token: 't' }), { 'endpoint.url': 'validation.url' }],
    ['Unica complete', ADMIN_CREATE, endpoint('Unica', { url: 'https://unica.example.com', token: 't' }), {}],
    ['LegionellaDossier on create', ADMIN_CREATE, endpoint('LegionellaDossier', { token: 't' }), {}],
    ['LegionellaDossier on edit without token', ADMIN_EDIT, endpoint('LegionellaDossier'), {}],
    [
      'LegionellaDossier on edit with token',
      ADMIN_EDIT,
      endpoint('LegionellaDossier', { token: 't', ldOptions: { deviceType: 'a', subType1: '', subType2: 'c', subType3: '' } }),
      { 'endpoint.ldOptions.subType1': 'validation.required', 'endpoint.ldOptions.subType3': 'validation.required' },
    ],
    ['XIC for a non-administrator (not checked: not sent)', { ...ADMIN_CREATE, admin: false }, endpoint('XIC'), {}],
  ] as const)('platform rule: %s', (_name, options, value, expected) => {
    expect(errorsOf(options, filled('customer', { endpoint: value }))).toEqual(expected);
  });

  it.each([
    ['none', 'create', { url: false, token: false, ldOptions: false }],
    ['Customer', 'create', { url: false, token: false, ldOptions: false }],
    ['XIC', 'create', { url: true, token: true, ldOptions: false }],
    ['LegionellaDossier', 'create', { url: false, token: true, ldOptions: false }],
    ['LegionellaDossier', 'edit', { url: false, token: true, ldOptions: true }],
  ] as const)('shows endpoint fields for %s on %s (token filled in)', (platform, mode, expected) => {
    expect(visibleEndpointFields(endpoint(platform, { token: 'secret' }), mode)).toEqual(expected);
  });

  it('hides the ldOptions while the token is empty', () => {
    expect(visibleEndpointFields(endpoint('LegionellaDossier'), 'edit').ldOptions).toBe(false);
  });
});

describe('place form bodies', () => {
  it.each([
    ['a non-administrator sends no interval or endpoint', { mode: 'create', admin: false }, {}, {}],
    ['an administrator sends the interval; no platform is left out on create', { mode: 'create', admin: true }, {}, { calibration: { interval: 2 } }],
    [
      'no platform clears url and token on edit',
      { mode: 'edit', admin: true },
      { endpoint: endpoint('none', { url: 'https://x', token: 't' }) },
      { calibration: { interval: 2 }, endpoint: { platform: null, url: null, token: null, ldOptions: null } },
    ],
    [
      'LegionellaDossier clears url',
      { mode: 'create', admin: true },
      { endpoint: endpoint('LegionellaDossier', { url: 'https://x', token: 't' }) },
      { calibration: { interval: 2 }, endpoint: { platform: 'LegionellaDossier', url: null, token: 't', ldOptions: null } },
    ],
    ['notes are sent when filled in', { mode: 'edit', admin: false }, { notes: ' bel aan ' }, { notes: 'bel aan' }],
    ['empty notes are left out on update', { mode: 'edit', admin: false }, { notes: '  ' }, {}],
  ] as const)('customer: %s', (_name, options, changes, extra) => {
    const body = toCustomerBody(filled('customer', changes), options);
    expect(body).toEqual({ name: 'Gemeente Zeist', reference: 'GZ-1', address: 'Het Rond 1', postalCode: '3701 HS', city: 'Zeist', country: 'Nederland', rulebook: null, alarmTemperatureMinutes: 60, responsible: null, deputy: null, ...extra });
  });

  it.each([
    ['15', true],
    ['14', false],
    ['10080', true],
    ['10081', false],
    ['60.5', false],
    ['', false],
    [' 90 ', true],
  ] as const)('customer: the temperature alarm after %j minutes is accepted: %s', (minutes, ok) => {
    const result = placeFormSchema({ kind: 'customer', mode: 'edit', admin: false }).safeParse(filled('customer', { alarmTemperatureMinutes: minutes }));
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('alarmTemperatureMinutes');
  });

  it('a customer sends its temperature alarm minutes; a location has none', () => {
    expect(toCustomerBody(filled('customer', { alarmTemperatureMinutes: '120' }), { mode: 'edit', admin: false }).alarmTemperatureMinutes).toBe(120);
    expect(toLocationBody(filled('location', {}), { mode: 'edit', admin: false })).not.toHaveProperty('alarmTemperatureMinutes');
  });

  it('a location always sends its interval and never ldOptions on create', () => {
    const values = filled('location', { interval: '3', endpoint: endpoint('LegionellaDossier', { token: 't' }) });
    expect(toLocationBody(values, { mode: 'create', admin: false })).toMatchObject({ customer: 'Gemeente Utrecht', calibration: { interval: 3 } });
    expect(toLocationBody(values, { mode: 'create', admin: false })).not.toHaveProperty('endpoint');
    expect(toLocationBody(values, { mode: 'create', admin: true }).endpoint).toEqual({ platform: 'LegionellaDossier', url: null, token: 't' });
    expect(toLocationBody(values, { mode: 'edit', admin: true }).endpoint).toEqual({ platform: 'LegionellaDossier', url: null, token: 't', ldOptions: null });
  });

  it('a location may report through its customer', () => {
    const values = filled('location', { endpoint: endpoint('Customer', { token: 'x' }) });
    expect(toLocationBody(values, { mode: 'create', admin: true }).endpoint).toEqual({ platform: 'Customer', url: null, token: null });
  });
});

describe('logbook settings (docs/places.md, "Logbook settings")', () => {
  const LOCATION_EDIT: TPlaceFormOptions = { kind: 'location', mode: 'edit', admin: false };

  it.each([
    ['the default', { rulebook: 'default' }, {}],
    ['NL', { rulebook: 'NL' }, {}],
    ['UK', { rulebook: 'UK' }, {}],
    ['DE', { rulebook: 'DE' }, {}],
    ['an unknown rulebook', { rulebook: 'FR' }, { rulebook: 'validation.oneOf' }],
    ['a known zone outside the list', { timeZone: 'America/New_York' }, {}],
    ['an unknown zone', { timeZone: 'Europe/Atlantis' }, { timeZone: 'validation.timeZone' }],
    ['an empty zone', { timeZone: '' }, { timeZone: 'validation.timeZone' }],
  ] as const)('location: %s', (_name, changes, expected) => {
    expect(errorsOf(LOCATION_EDIT, filled('location', changes))).toEqual(expected);
  });

  it('a customer form does not check the time zone it does not show', () => {
    expect(errorsOf(ADMIN_CREATE, filled('customer', { timeZone: '' }))).toEqual({});
  });

  it.each([
    ['default', null],
    ['NL', 'NL'],
    ['UK', 'UK'],
    ['DE', 'DE'],
  ] as const)('rulebook %s is sent as %j, by customer and location', (rulebook, expected) => {
    expect(toCustomerBody(filled('customer', { rulebook }), { mode: 'edit', admin: false }).rulebook).toBe(expected);
    expect(toLocationBody(filled('location', { rulebook }), { mode: 'edit', admin: false }).rulebook).toBe(expected);
  });

  it('a location sends healthcare and time zone; a customer neither', () => {
    const values = filled('location', { healthcare: true, timeZone: 'Europe/London', rulebook: 'UK' });
    expect(toLocationBody(values, { mode: 'create', admin: false })).toMatchObject({ rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' });
    const customer = toCustomerBody(filled('customer', { healthcare: true }), { mode: 'create', admin: false });
    expect(customer).not.toHaveProperty('healthcare');
    expect(customer).not.toHaveProperty('timeZone');
  });

  it('a new form: the default rulebook, no healthcare, Europe/Amsterdam', () => {
    expect(emptyPlaceForm('location')).toMatchObject({ rulebook: 'default', healthcare: false, timeZone: 'Europe/Amsterdam' });
  });

  it('a loaded location fills them; a null rulebook is the default', () => {
    const loaded = {
      name: 'Hal', customer: 'Acme', reference: 'R', address: 'A', postalCode: 'P', city: 'C', country: 'UK', calibration: { interval: 1 },
      endpoint: { platform: null }, notes: null, sync: -1, online: 0, channels: 0, nodes: 0, rulebook: null, healthcare: true, timeZone: 'Europe/London',
      responsible: null, deputy: null,
    };
    expect(placeToForm(loaded)).toMatchObject({ rulebook: 'default', healthcare: true, timeZone: 'Europe/London' });
    expect(placeToForm({ ...loaded, rulebook: 'DE' })).toMatchObject({ rulebook: 'DE' });
  });

  it.each([
    ['Europe/Amsterdam', TIME_ZONES.length, 'Europe/Amsterdam'],
    ['America/New_York', TIME_ZONES.length + 1, 'America/New_York'],
    ['', TIME_ZONES.length, 'Europe/Amsterdam'],
  ])('the time zone choice with %j stored holds %i zones, first %s', (current, length, first) => {
    const options = timeZoneOptions(current);
    expect(options).toHaveLength(length);
    expect(options[0]).toBe(first);
  });
});

describe('choosing a customer', () => {
  const customers = [
    { name: 'Gemeente Utrecht', interval: 1 },
    { name: 'Sportfondsen Oost', interval: 3 },
  ];
  it.each([
    ['create takes the customer interval', { mode: 'create', customer: 'Sportfondsen Oost', current: '1' }, '3'],
    ['create with an unknown customer keeps the value', { mode: 'create', customer: 'Onbekend', current: '2' }, '2'],
    ['edit: another customer changes the interval', { mode: 'edit', customer: 'Sportfondsen Oost', current: '2', original: { customer: 'Gemeente Utrecht', interval: '2' } }, '3'],
    ['edit: back to the own customer restores it', { mode: 'edit', customer: 'Gemeente Utrecht', current: '3', original: { customer: 'Gemeente Utrecht', interval: '2' } }, '2'],
  ] as const)('%s', (_name, input, expected) => {
    expect(intervalAfterCustomerChoice({ ...input, customers })).toBe(expected);
  });

  it.each([
    ['Stadskantoor', ['Stadskantoor', 'Sporthal Zuid'], 'Stadskantoor'],
    ['Stadskantoor', ['Zorgcentrum De Hoven'], ''],
    ['', ['Stadskantoor'], ''],
  ] as const)('location %j after reloading %j is %j', (location, names, expected) => {
    expect(locationAfterReload(location, names)).toBe(expected);
  });
});

const emptyLoaded = () => ({
  name: 'Hal', customer: 'Acme', reference: 'R', address: 'A', postalCode: 'P', city: 'C', country: 'NL', calibration: { interval: 1 },
  endpoint: { platform: null }, notes: null, sync: -1, online: 0, channels: 0, nodes: 0, rulebook: null, healthcare: false, timeZone: 'Europe/Amsterdam',
  responsible: null, deputy: null,
});

describe('the responsible person and deputy (docs/places.md, "Responsible person")', () => {
  const anna = { name: ' Anna ', role: '', organisation: 'Zeist', email: 'anna@example.com', phone: '' };
  it('empty is nobody (null); filled in is sent trimmed; a loaded one fills the fields', () => {
    expect(personOrNull({ name: ' ', role: '', organisation: '', email: '', phone: '' })).toBeNull();
    expect(toLocationBody(filled('location', { responsible: anna }), { mode: 'edit', admin: false })).toMatchObject({ responsible: { ...anna, name: 'Anna' }, deputy: null });
    expect(placeToForm({ ...emptyLoaded(), responsible: { ...anna, name: 'Anna' } }).responsible).toEqual({ ...anna, name: 'Anna' });
  });

  it.each([
    ['no contact', { ...anna, email: '' }, 'responsible.email', 'validation.contactRequired'],
    ['no name', { ...anna, name: '' }, 'responsible.name', 'validation.required'],
    ['a bad address', { ...anna, email: 'anna@' }, 'responsible.email', 'validation.email'],
  ])('%s: the form says so on the field', (_case, responsible, path, message) => {
    const result = placeFormSchema({ kind: 'customer', mode: 'edit', admin: false }).safeParse(filled('customer', { responsible }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([path, message]);
  });
});
