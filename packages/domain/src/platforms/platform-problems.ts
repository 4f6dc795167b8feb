/**
 * Why an endpoint cannot deliver as it is set up, each a text key of its own (platforms.problems.*),
 * with the sender's error text it stands for (stored as the endpoint's last error, and logged).
 */
export const PLATFORM_PROBLEM_ERRORS = {
  noPlatform: 'no platform configured',
  noToken: 'no token configured',
  noUrl: 'no URL configured',
  legionellaDossierUrl: 'LEGIONELLADOSSIER_URL is not configured',
} as const;
export type TPlatformProblem = keyof typeof PLATFORM_PROBLEM_ERRORS;
export const PLATFORM_PROBLEMS = Object.keys(PLATFORM_PROBLEM_ERRORS) as [TPlatformProblem, ...TPlatformProblem[]];

/** The problem a sender's error text stands for; null for any other error (a receiver's answer, no connection). */
export function platformProblemOf(error: string | null): TPlatformProblem | null {
  return PLATFORM_PROBLEMS.find((problem) => PLATFORM_PROBLEM_ERRORS[problem] === error) ?? null;
}
