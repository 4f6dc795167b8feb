import { instantOf, localInputValue } from '../../../lib/i18n/date-time-input';
import { DEFAULT_METHOD, DEFAULT_SPECIES, parseLabNumber, ZSampleResultBody, type TCountUnit, type TSampleResultBody } from '@aquasmart/domain';

/** One count line of the form: text as typed, the number read the lab's way (1.200 and 1200 alike, 1,5). */
export interface TCountValues {
  species: string;
  serogroup: string;
  count: string;
  notDetected: boolean;
  detectionLimit: string;
  unit: TCountUnit;
}

export interface TResultValues {
  samplePointId: string;
  sampleId: string;
  /** A datetime-local value (the browser's zone). */
  takenAt: string;
  lab: string;
  accreditation: string;
  method: string;
  waterCelsius: string;
  counts: TCountValues[];
}

export const emptyCount = (unit: TCountUnit): TCountValues => ({ species: DEFAULT_SPECIES, serogroup: '', count: '', notDetected: false, detectionLimit: '', unit });


export function emptyResult(unit: TCountUnit, samplePointId: number | null, now: Date): TResultValues {
  return { samplePointId: samplePointId ? String(samplePointId) : '', sampleId: '', takenAt: localInputValue(now), lab: '', accreditation: '', method: DEFAULT_METHOD, waterCelsius: '', counts: [emptyCount(unit)] };
}

const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The form as the API takes it (ZSampleResultBody, the server's own schema), and the fields' message
 * keys by path ('counts.0.count') when something is missing or wrong. A count is required unless
 * "not detected" is ticked; then the detection limit is the figure the lab gave.
 */
export function resultBody(values: TResultValues): { body: TSampleResultBody | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const counts = values.counts.map((line, index) => {
    const count = line.notDetected ? null : parseLabNumber(line.count);
    if (!line.notDetected && count === null) errors[`counts.${index}.count`] = 'validation.required';
    return {
      species: line.species.trim() === '' ? DEFAULT_SPECIES : line.species.trim(),
      serogroup: optionalText(line.serogroup),
      count,
      detectionLimit: parseLabNumber(line.detectionLimit),
      unit: line.unit,
    };
  });
  const candidate = {
    samplePointId: values.samplePointId ? Number(values.samplePointId) : undefined,
    sampleId: values.sampleId,
    takenAt: instantOf(values.takenAt),
    lab: values.lab,
    accreditation: optionalText(values.accreditation),
    method: values.method.trim() === '' ? DEFAULT_METHOD : values.method,
    waterCelsius: parseLabNumber(values.waterCelsius),
    counts,
  };
  const parsed = ZSampleResultBody.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { body: null, errors };
  return { body: parsed.data, errors: {} };
}
