import { ZCheckOverrides, ZOutletBody, type TCheckKind, type TCheckPeriodUnit, type TLocationCheckPlans, type TOutlet, type TOutletInput, type TCheckOverride } from '@aquasmart/domain';

/** The outlet dialog's fields as typed: '' is "none" for the optional ones. */
export interface TOutletFormValues {
  name: string;
  room: string;
  floor: string;
  kind: TOutlet['kind'];
  water: TOutlet['water'];
  sentinel: TOutlet['sentinel'];
  littleUsed: boolean;
  eui: string;
  channelId: string;
  samplePointId: string;
}

export function outletFormValues(outlet: TOutlet | null): TOutletFormValues {
  return {
    name: outlet?.name ?? '',
    room: outlet?.room ?? '',
    floor: outlet?.floor ?? '',
    kind: outlet?.kind ?? 'washbasinTap',
    water: outlet?.water ?? 'hot',
    sentinel: outlet?.sentinel ?? 'none',
    littleUsed: outlet?.littleUsed ?? false,
    eui: outlet?.eui ?? '',
    channelId: outlet?.channelId ?? '',
    samplePointId: outlet?.samplePointId === null || outlet?.samplePointId === undefined ? '' : String(outlet.samplePointId),
  };
}

/** The form as the API takes it (POST and PATCH alike): empty optional fields are null, so an edit can clear a room or unlink a node. */
export function outletBody(values: TOutletFormValues): { body: TOutletInput | null; errors: Record<string, string> } {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const parsed = ZOutletBody.safeParse({
    name: values.name.trim(),
    room: text(values.room),
    floor: text(values.floor),
    kind: values.kind,
    water: values.water,
    sentinel: values.sentinel,
    littleUsed: values.littleUsed,
    eui: text(values.eui),
    channelId: values.eui.trim() === '' ? null : text(values.channelId),
    samplePointId: values.samplePointId === '' ? null : Number(values.samplePointId),
  });
  if (parsed.success) return { body: { ...parsed.data, eui: parsed.data.eui ?? null, channelId: parsed.data.channelId ?? null, samplePointId: parsed.data.samplePointId ?? null }, errors: {} };
  return { body: null, errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

/** One check's row in the plan dialog: on or off, and its own period ('' the rulebook's). */
export interface TPlanRow {
  check: TCheckKind;
  on: boolean;
  count: string;
  unit: TCheckPeriodUnit;
}

export function planRows(plans: TLocationCheckPlans): TPlanRow[] {
  return plans.plans.map((plan) => ({
    check: plan.check,
    on: plan.on,
    count: plan.periodSource === 'location' ? String(plan.period.count) : '',
    unit: plan.periodSource === 'location' ? plan.period.unit : plan.rulebookPeriod.unit,
  }));
}

/**
 * The overrides for PATCH …/check-plans, every check named: off, and a period only where one was
 * typed (`{ off: false, period: null }` is the rulebook's plan again). Errors by check.
 */
export function planOverrides(rows: readonly TPlanRow[]): { overrides: TCheckOverride[] | null; errors: Partial<Record<TCheckKind, string>> } {
  const errors: Partial<Record<TCheckKind, string>> = {};
  const overrides = rows.map((row) => {
    const typed = row.count.trim();
    const count = /^\d{1,4}$/.test(typed) ? Number(typed) : null;
    if (typed !== '' && count === null) errors[row.check] = 'validation.integer';
    return { check: row.check, off: !row.on, period: typed === '' || count === null ? null : { unit: row.unit, count } };
  });
  const parsed = ZCheckOverrides.safeParse(overrides);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const row = rows[Number(issue.path[0])];
      if (row && !errors[row.check]) errors[row.check] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { overrides: null, errors };
  return { overrides: parsed.data, errors };
}

/** "Kleedkamer heren, verdieping 1": room and floor as one line, or null without either. */
export function outletPlace(outlet: Pick<TOutlet, 'room' | 'floor'>, floorText: (floor: string) => string): string | null {
  const parts = [outlet.room, outlet.floor === null ? null : floorText(outlet.floor)].filter((part): part is string => part !== null && part !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}
