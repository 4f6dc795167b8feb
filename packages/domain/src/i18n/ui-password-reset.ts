/**
 * The forgotten-password pages (/forgot-password, /reset-password; docs/users.md, "Forgotten
 * password"), their refusal and the e-mail with the link. The pages' texts load with those pages,
 * not with /login (its 200 kB budget); the e-mail's are the server's.
 */
export const passwordResetUiNl = {
  passwordReset: {
    requestIntro: 'Vul het e-mailadres van uw account in. U krijgt een e-mail met een link waarmee u een nieuw wachtwoord kiest.',
    email: 'E-mailadres',
    send: 'Link versturen',
    sent: 'Als {{email}} bij de portal bekend is, ontvangt u binnen enkele minuten een e-mail met een link. De link is {{minutes}} minuten geldig en werkt één keer. Geen e-mail? Kijk in de map met ongewenste e-mail of vraag uw beheerder.',
    backToLogin: 'Terug naar inloggen',
    setIntro: 'Kies een nieuw wachtwoord voor {{email}}. Daarna bent u overal uitgelogd en logt u in met het nieuwe wachtwoord.',
    password: 'Nieuw wachtwoord',
    repeat: 'Herhaal het nieuwe wachtwoord',
    save: 'Wachtwoord opslaan',
    checking: 'Link controleren…',
    done: 'Uw wachtwoord is gewijzigd. Log in met het nieuwe wachtwoord.',
    toLogin: 'Naar inloggen',
    askAgain: 'Nieuwe link aanvragen',
  },
  errors: {
    resetLinkInvalid: 'Deze link is verlopen, al gebruikt of niet geldig. Vraag een nieuwe link aan.',
  },
};

export const passwordResetUiEn: typeof passwordResetUiNl = {
  passwordReset: {
    requestIntro: "Enter your account's e-mail address. You will receive an e-mail with a link to choose a new password.",
    email: 'E-mail address',
    send: 'Send link',
    sent: 'If {{email}} is known to the portal, an e-mail with a link arrives within a few minutes. The link is valid for {{minutes}} minutes and works once. No e-mail? Look in your junk mail folder or ask your administrator.',
    backToLogin: 'Back to log in',
    setIntro: 'Choose a new password for {{email}}. You will then be logged out everywhere and log in with the new password.',
    password: 'New password',
    repeat: 'Repeat the new password',
    save: 'Save password',
    checking: 'Checking the link…',
    done: 'Your password has been changed. Log in with the new password.',
    toLogin: 'To log in',
    askAgain: 'Ask for a new link',
  },
  errors: {
    resetLinkInvalid: 'This link has expired, has been used or is not valid. Ask for a new link.',
  },
};

/** The e-mail with the link; `{{name}}`, `{{link}}`, `{{minutes}}`, `{{address}}` are filled in by the server. */
export const passwordResetMailNl = {
  subject: 'Nieuw wachtwoord voor het Aquasmart-portaal',
  intro: 'Er is een nieuw wachtwoord aangevraagd voor uw account (aanvraag vanaf {{address}}). Kies het via deze link:',
  validity: 'De link is {{minutes}} minuten geldig en werkt één keer.',
  notYou: 'Heeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren: uw wachtwoord blijft zoals het is.',
  button: 'Nieuw wachtwoord kiezen',
};

export const passwordResetMailEn: typeof passwordResetMailNl = {
  subject: 'New password for the Aquasmart portal',
  intro: 'A new password was requested for your account (requested from {{address}}). Choose it with this link:',
  validity: 'The link is valid for {{minutes}} minutes and works once.',
  notYou: 'Did you not ask for this? Then ignore this e-mail: your password stays as it is.',
  button: 'Choose a new password',
};

/** The refusal key the reset answers with (a link expired, used, or unknown: the same to the caller). */
export const RESET_LINK_INVALID = 'errors.resetLinkInvalid';
