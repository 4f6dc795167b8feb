/**
 * The address that opens the user's start page (`startPath`, docs/users.md "Where each user
 * starts"): the login page goes there when no address was remembered, the own account after a save
 * when the user came from outside the portal. `/` stays the spec's redirect to /customers.
 */
export const START_PAGE_PATH = '/start';
