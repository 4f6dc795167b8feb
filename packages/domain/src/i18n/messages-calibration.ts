/**
 * The refusals only the calibration screens show (docs/calibration.md; keys in calibration.ts
 * CALIBRATION_MESSAGE): kept out of the shared catalogue, which the login page loads (its 200 kB
 * budget), and added with those screens' texts (apps/web/src/lib/i18n/texts/calibration-messages.ts).
 * Keys as in the catalogue: `errors.<name>`.
 */
export const calibrationMessagesNl = {
  errors: {
    calibrationReadingTooOld:
      'De laatste meting van kanaal {{channel}} is van {{measuredAt}}; kalibreren kan alleen met een meting van de laatste {{minutes}} minuten. Wacht op een nieuwe meting.',
    calibrationNoReading: 'Kanaal {{channel}} heeft nog geen meting; kalibreren kan pas na een meting',
    calibrationReadingChanged: 'Er is intussen een nieuwe meting binnengekomen ({{measured}} °C); controleer de ijkwaarde en kalibreer opnieuw',
    calibrationOffsetMismatch: 'De afwijking moet ijkwaarde min meetwaarde zijn ({{offset}} °C)',
    calibrationOffsetTooLarge: 'Een afwijking van {{offset}} °C is groter dan {{max}} °C: controleer de ijkwaarde en de sensor',
  },
};

export const calibrationMessagesEn: typeof calibrationMessagesNl = {
  errors: {
    calibrationReadingTooOld:
      'The last reading of channel {{channel}} is from {{measuredAt}}; calibration needs a reading from the last {{minutes}} minutes. Wait for a new reading.',
    calibrationNoReading: 'Channel {{channel}} has no reading yet; calibrate after its first reading',
    calibrationReadingChanged: 'A new reading came in meanwhile ({{measured}} °C); check the reference and calibrate again',
    calibrationOffsetMismatch: 'The offset must be the reference minus the reading ({{offset}} °C)',
    calibrationOffsetTooLarge: 'An offset of {{offset}} °C is larger than {{max}} °C: check the reference and the sensor',
  },
};
