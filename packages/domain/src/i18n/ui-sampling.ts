/**
 * Texts of sampling (docs/sampling.md): the verdicts, the legal steps and the notification the
 * person responsible sends to the authority (the portal sends nothing itself). `{{name}}` are the
 * figures `sampleNotification` (sampling/notification.ts) fills in. Dutch, English and German: the
 * notification goes out in the rulebook's language, the other two are there to read.
 */
export const samplingTextsNl = {
  verdicts: { compliant: 'Voldoet', inconclusive: 'Niet aangetoond, grens te hoog', exceeded: 'Boven de norm', report: 'Melden' },
  legalSteps: {
    none: 'Geen',
    measures: 'Maatregelen nemen',
    reportIlt: 'Direct melden aan de ILT',
    resampleReview: 'Opnieuw bemonsteren en beheersmaatregelen herzien',
    resampleReviewAtOnce: 'Direct opnieuw bemonsteren, beheersmaatregelen en risicoanalyse herzien, zo nodig desinfecteren',
    reportGesundheitsamt: 'Direct melden aan het Gesundheitsamt, oorzaak onderzoeken, risicoanalyse opstellen',
  },
  subject: 'Legionella boven de norm: {{location}}, {{point}}',
  subjectRepeated: 'Herhaalde melding legionella boven de norm: {{location}}, {{point}}',
  body:
    'Bij de monstername van {{takenAt}} op monsterpunt {{point}} ({{role}}) van {{location}}, {{customer}} heeft laboratorium {{lab}} (monster {{sampleId}}, methode {{method}}) {{count}} Legionella vastgesteld ({{perLitre}} per liter). {{norm}} {{step}}.',
  bodyRepeated: 'Dit is een herhaalde melding: ook het hermonster ligt boven 1.000 kve/l.',
  resample: 'Hermonster uiterlijk {{resampleDue}}.',
  roles: { hot: 'warm water', cold: 'koud water' },
  norms: {
    NL: 'De norm is minder dan 100 kve/l; boven 1.000 kve/l wordt de ILT direct ingelicht (Drinkwaterbesluit art. 36 en 41).',
    UK: 'Boven 100 kve/l wordt opnieuw bemonsterd en beoordeeld, boven 1.000 kve/l direct (HSG274 deel 2).',
    DE: 'De technische actiewaarde is 100 KBE/100 ml (TrinkwV 2023).',
  },
};

export const samplingTextsEn: typeof samplingTextsNl = {
  verdicts: { compliant: 'Compliant', inconclusive: 'Not detected, limit too high', exceeded: 'Above the limit', report: 'Report' },
  legalSteps: {
    none: 'None',
    measures: 'Take measures',
    reportIlt: 'Report to the ILT at once',
    resampleReview: 'Re-sample and review the control measures',
    resampleReviewAtOnce: 'Re-sample and review the control measures and risk assessment at once, with remedial action (disinfection) as needed',
    reportGesundheitsamt: 'Report to the Gesundheitsamt without delay, investigate the cause, write a risk assessment',
  },
  subject: 'Legionella above the limit: {{location}}, {{point}}',
  subjectRepeated: 'Repeated report of Legionella above the limit: {{location}}, {{point}}',
  body:
    'In the sample taken on {{takenAt}} at sample point {{point}} ({{role}}) of {{location}}, {{customer}}, laboratory {{lab}} (sample {{sampleId}}, method {{method}}) found {{count}} Legionella ({{perLitre}} per litre). {{norm}} {{step}}.',
  bodyRepeated: 'This report repeats an earlier one: the re-sample is still above 1,000 cfu/l.',
  resample: 'Re-sample by {{resampleDue}}.',
  roles: { hot: 'hot water', cold: 'cold water' },
  norms: {
    NL: 'The limit is fewer than 100 cfu/l; above 1,000 cfu/l the ILT is told at once (Drinkwaterbesluit art. 36 and 41).',
    UK: 'Above 100 cfu/l the system is re-sampled and reviewed, above 1,000 cfu/l at once (HSG274 Part 2).',
    DE: 'The technical action value is 100 CFU/100 ml (TrinkwV 2023).',
  },
};

export const samplingTextsDe: typeof samplingTextsNl = {
  verdicts: { compliant: 'Eingehalten', inconclusive: 'Nicht nachgewiesen, Grenze zu hoch', exceeded: 'Überschritten', report: 'Meldepflichtig' },
  legalSteps: {
    none: 'Keine',
    measures: 'Maßnahmen ergreifen',
    reportIlt: 'Unverzüglich an die ILT melden',
    resampleReview: 'Erneut beproben und Maßnahmen überprüfen',
    resampleReviewAtOnce: 'Sofort erneut beproben, Maßnahmen und Gefährdungsbeurteilung überprüfen, bei Bedarf desinfizieren',
    reportGesundheitsamt: 'Unverzüglich dem Gesundheitsamt anzeigen, Ursache mit Ortsbesichtigung untersuchen, Gefährdungsanalyse erstellen, Maßnahmen ergreifen',
  },
  subject: 'Legionellen über dem technischen Maßnahmenwert: {{location}}, {{point}}',
  subjectRepeated: 'Wiederholte Meldung Legionellen über dem Maßnahmenwert: {{location}}, {{point}}',
  body:
    'In der Probe vom {{takenAt}} an der Entnahmestelle {{point}} ({{role}}) in {{location}}, {{customer}} hat das Labor {{lab}} (Probe {{sampleId}}, Verfahren {{method}}) {{count}} Legionellen festgestellt ({{perLitre}} je Liter). {{norm}} {{step}}.',
  bodyRepeated: 'Dies ist eine wiederholte Meldung: auch die Nachprobe liegt über dem Wert.',
  resample: 'Nachprobe bis spätestens {{resampleDue}}.',
  roles: { hot: 'Warmwasser', cold: 'Kaltwasser' },
  norms: {
    NL: 'Der Grenzwert ist weniger als 100 KBE/l; über 1.000 KBE/l wird die ILT unverzüglich informiert (Drinkwaterbesluit Art. 36 und 41).',
    UK: 'Über 100 KBE/l wird erneut beprobt und überprüft, über 1.000 KBE/l sofort (HSG274 Teil 2).',
    DE: 'Der technische Maßnahmenwert ist 100 KBE/100 ml (TrinkwV 2023).',
  },
};

export type TSamplingTexts = typeof samplingTextsNl;
