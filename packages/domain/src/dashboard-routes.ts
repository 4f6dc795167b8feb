// Without zod: the web app's route table uses it and is on the login page's path
// (docs/operations.md, "Login page budget").

/** Under /dashboard the incorrect-settings list is spelled with a capital I, as the specification spells it. */
export function dashboardListSegment(name: string, scope: 'global' | 'customer'): string {
  return scope === 'global' && name === 'incorrectSettings' ? 'IncorrectSettings' : name;
}
