import { samplingTextsDe, samplingTextsEn, samplingTextsNl, type TSamplingTexts } from '../i18n/ui-sampling';
import type { TRulebookId } from '../logbook/rulebooks';
import type { TSampleNotification, TSamplePointRole } from './api';
import { SAMPLING_RULES, type TCountUnit, type TLegalStep } from './thresholds';

/**
 * The notification a result at or above the threshold asks for (docs/sampling.md, "Legal steps"):
 * the legal step, whom to tell and the text with the figures, in Dutch, English and German. The
 * person responsible sends it; the portal sends nothing to authorities.
 */

const LANGUAGES = { nl: { texts: samplingTextsNl, locale: 'nl-NL' }, en: { texts: samplingTextsEn, locale: 'en-GB' }, de: { texts: samplingTextsDe, locale: 'de-DE' } } as const;

export interface TNotificationFacts {
  rulebook: TRulebookId;
  legalStep: TLegalStep;
  /** NL: a re-sample still above the report threshold repeats the report. */
  repeated: boolean;
  customer: string;
  location: string;
  timeZone: string;
  point: string;
  role: TSamplePointRole;
  sampleId: string;
  lab: string;
  method: string;
  takenAt: string;
  /** The highest count as reported, with its unit, and per litre. */
  count: number;
  unit: TCountUnit;
  perLitre: number;
  resampleDue: string | null;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

function textIn(language: keyof typeof LANGUAGES, facts: TNotificationFacts): { subject: string; text: string } {
  const { texts, locale }: { texts: TSamplingTexts; locale: string } = LANGUAGES[language];
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const takenAt = new Intl.DateTimeFormat(locale, { timeZone: facts.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(new Date(facts.takenAt));
  const resampleDue = facts.resampleDue ? new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${facts.resampleDue}T00:00:00Z`)) : '';
  const values = {
    customer: facts.customer,
    location: facts.location,
    point: facts.point,
    role: texts.roles[facts.role],
    sampleId: facts.sampleId,
    lab: facts.lab,
    method: facts.method,
    takenAt,
    count: `${number(facts.count)} ${facts.unit}`,
    perLitre: number(facts.perLitre),
    step: texts.legalSteps[facts.legalStep],
    norm: texts.norms[facts.rulebook],
    resampleDue,
  };
  const parts = [fill(texts.body, values)];
  if (facts.repeated) parts.push(texts.bodyRepeated);
  if (facts.resampleDue) parts.push(fill(texts.resample, values));
  return { subject: fill(facts.repeated ? texts.subjectRepeated : texts.subject, values), text: parts.join(' ') };
}

/** The notification of a result whose legal step is not 'none'. */
export function sampleNotification(facts: TNotificationFacts): TSampleNotification {
  const nl = textIn('nl', facts);
  const en = textIn('en', facts);
  const de = textIn('de', facts);
  return {
    legalStep: facts.legalStep,
    authority: facts.legalStep === SAMPLING_RULES[facts.rulebook].reportStep ? SAMPLING_RULES[facts.rulebook].authority : null,
    repeated: facts.repeated,
    subject: { nl: nl.subject, en: en.subject, de: de.subject },
    text: { nl: nl.text, en: en.text, de: de.text },
  };
}

/**
 * Whether a report repeats an earlier one: NL art. 41, a re-sample (the point's previous result
 * reached the report threshold) still at or above it.
 */
export function repeatsReport(rulebook: TRulebookId, verdict: string, previousVerdict: string | null): boolean {
  return rulebook === 'NL' && verdict === 'report' && previousVerdict === 'report';
}
