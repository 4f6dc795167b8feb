/**
 * Web texts of field work (docs/field-work.md): the label scanner (nodes' and outlets' labels) and
 * the label sheets. German screens show the English (docs/screens.md); the German words of a printed
 * outlet label are in labels-outlets.ts. Loaded with
 * the scanner's chunk and the node screens (apps/web/src/lib/i18n/texts/field.ts); the scan button's
 * own name is in the shell's texts (`shell.scanLabel`), since the app bar shows it on phones.
 */
export const fieldUiNl = {
  field: {
    scan: {
      title: 'Label scannen',
      hint: 'Richt de camera op de QR-code of streepjescode op het label van de node of het tappunt.',
      starting: 'Camera wordt gestart…',
      loadingDecoder: 'Lezer wordt geladen…',
      noCamera: 'Geen camera beschikbaar. Typ de EUI van het label.',
      denied: 'De camera mag niet worden gebruikt. Sta de camera toe in de browser, of typ de EUI van het label.',
      readerFailed: 'De lezer kon niet worden geladen. Typ de EUI van het label.',
      notANode: 'Gelezen: "{{text}}". Dit is geen EUI van een node.',
      looking: 'Node {{eui}} wordt gezocht…',
      notFound: 'Node {{eui}} niet gevonden.',
      notFoundMayRegister: 'Node {{eui}} niet gevonden. Is het een nieuwe node, dan kunt u hem registreren.',
      lookupFailed: 'Node {{eui}} kon niet worden gezocht. {{reason}}. Probeer het opnieuw.',
      timedOut: 'Geen antwoord binnen {{seconds}} seconden',
      typed: 'Of typ de EUI',
      open: 'Openen',
      close: 'Sluiten',
      register: 'Registreren',
      video: 'Camerabeeld',
      lookingOutlet: 'Tappunt {{id}} wordt gezocht…',
      outletNotFound: 'Tappunt {{id}} niet gevonden.',
      outletLookupFailed: 'Tappunt {{id}} kon niet worden gezocht. {{reason}}. Probeer het opnieuw.',
      outletHere: 'Gelezen: het label van tappunt {{id}}. Scan hier het label van een node.',
    },
    label: {
      empty: 'Vul de EUI in',
      tr005: 'Geen geldige LoRaWAN QR-code (LW:D0:JoinEUI:DevEUI:ProfielID)',
      notHex: 'Een EUI bestaat uit de cijfers 0-9 en de letters A-F',
      length: 'Een EUI heeft 16 tekens',
    },
    labels: {
      print: 'Labels afdrukken',
      printSelected: 'Labels van de selectie afdrukken',
      error: 'De labels konden niet worden gemaakt.',
      printOutlets: 'Tappuntlabels afdrukken',
      printOutletsSelected: 'Labels van de gekozen tappunten afdrukken',
      noOutlets: 'Er zijn geen tappunten om labels voor te maken.',
    },
  },
};

export const fieldUiEn: typeof fieldUiNl = {
  field: {
    scan: {
      title: 'Scan label',
      hint: 'Point the camera at the QR code or barcode on the label of the node or outlet.',
      starting: 'Starting the camera…',
      loadingDecoder: 'Loading the reader…',
      noCamera: 'No camera available. Type the EUI from the label.',
      denied: 'The camera may not be used. Allow the camera in the browser, or type the EUI from the label.',
      readerFailed: 'The reader could not be loaded. Type the EUI from the label.',
      notANode: 'Read: "{{text}}". This is not a node EUI.',
      looking: 'Looking up node {{eui}}…',
      notFound: 'Node {{eui}} not found.',
      notFoundMayRegister: 'Node {{eui}} not found. If it is a new node, you can register it.',
      lookupFailed: 'Node {{eui}} could not be looked up. {{reason}}. Please try again.',
      timedOut: 'No answer within {{seconds}} seconds',
      typed: 'Or type the EUI',
      open: 'Open',
      close: 'Close',
      register: 'Register',
      video: 'Camera image',
      lookingOutlet: 'Looking up outlet {{id}}…',
      outletNotFound: 'Outlet {{id}} not found.',
      outletLookupFailed: 'Outlet {{id}} could not be looked up. {{reason}}. Please try again.',
      outletHere: "Read: the label of outlet {{id}}. Scan a node's label here.",
    },
    label: {
      empty: 'Enter the EUI',
      tr005: 'Not a valid LoRaWAN QR code (LW:D0:JoinEUI:DevEUI:ProfileID)',
      notHex: 'An EUI consists of the digits 0-9 and the letters A-F',
      length: 'An EUI has 16 characters',
    },
    labels: {
      print: 'Print labels',
      printSelected: 'Print labels of the selection',
      error: 'The labels could not be made.',
      printOutlets: 'Print outlet labels',
      printOutletsSelected: 'Print labels of the chosen outlets',
      noOutlets: 'There are no outlets to make labels for.',
    },
  },
};
