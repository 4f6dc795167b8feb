/**
 * The validation and error messages only the sampling screens show (docs/sampling.md): kept out of
 * the shared catalogue, which the login page loads (its 200 kB budget), and added with the screens'
 * texts (apps/web/src/lib/i18n/texts/sampling-messages.ts; the alarm screens' texts load it too). Keys as in the catalogue:
 * `validation.<name>`, `errors.<name>`.
 */
export const samplingMessagesNl = {
  validation: {
    samplePointUnknown: 'Dit monsterpunt bestaat niet op deze locatie',
    samplePointNameTaken: 'Er is al een monsterpunt met deze naam op deze locatie',
    sampleIdTaken: 'Dit monsternummer is op deze locatie al ingevoerd',
    samplePointDiffers: 'Dit monsternummer staat eerder in het bestand met een ander monsterpunt',
    sampleTimeDiffers: 'Dit monsternummer staat eerder in het bestand met een ander tijdstip',
    nodeNotHere: 'Deze node staat niet op deze locatie',
    channelUnknown: 'Deze node heeft dit kanaal niet',
    takenAtInFuture: 'Het tijdstip van de monstername ligt in de toekomst',
    // The legionella alarm's resolve dialog (the alarm screens load these too).
    authorityToldRequired: 'Vul in wanneer de instantie (ILT of Gesundheitsamt) is ingelicht',
    // The lab's PDF of a result and the lab CSV's column mapping.
    pdfType: 'Alleen een PDF-bestand',
    pdfData: 'Ongeldige bestandsgegevens',
    mappingFieldUnknown: 'Dit veld kent de import niet',
    mappingHeaderMissing: 'Deze kolom staat niet in het bestand',
    mappingHeaderTwice: 'Deze kolom is al aan een ander veld gekoppeld',
  },
  errors: {
    csvRow: 'Regel {{line}} van het bestand is ongeldig ({{field}}); er is niets geïmporteerd',
    samplePointHasResults: 'Dit monsterpunt heeft uitslagen en blijft daarom bewaard',
    sampleReportAttached: 'Bij deze uitslag hoort al een rapport van het laboratorium',
  },
};

export const samplingMessagesEn: typeof samplingMessagesNl = {
  validation: {
    samplePointUnknown: 'There is no such sample point at this location',
    samplePointNameTaken: 'This location already has a sample point of this name',
    sampleIdTaken: 'This sample id has already been entered at this location',
    samplePointDiffers: 'This sample id is earlier in the file with another sample point',
    sampleTimeDiffers: 'This sample id is earlier in the file with another time',
    nodeNotHere: 'This node is not at this location',
    channelUnknown: 'This node has no such channel',
    takenAtInFuture: 'The sampling time is in the future',
    authorityToldRequired: 'Enter when the authority (ILT or Gesundheitsamt) was told',
    pdfType: 'Only a PDF file',
    pdfData: 'Invalid file data',
    mappingFieldUnknown: 'The import has no such field',
    mappingHeaderMissing: 'The file has no such column',
    mappingHeaderTwice: 'This column is already linked to another field',
  },
  errors: {
    csvRow: 'Line {{line}} of the file is invalid ({{field}}); nothing was imported',
    samplePointHasResults: 'This sample point has results and is therefore kept',
    sampleReportAttached: "This result already has the laboratory's report",
  },
};

/** The error keys of sampling, like ERROR's (`errors.csvRow`). */
export const SAMPLING_ERROR = Object.fromEntries(Object.keys(samplingMessagesNl.errors).map((name) => [name, `errors.${name}`])) as {
  [K in keyof typeof samplingMessagesNl.errors]: `errors.${K}`;
};
