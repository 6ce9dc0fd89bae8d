/** The admin's user lists, one per role filter; they belong to the logged-in account. */
export const USERS_KEY = ['users'] as const;
