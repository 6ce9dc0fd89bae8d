// The admin's user pages load inside the admin panel only.
export const loadUsersPage = async () => ({ Component: (await import('./pages/users-page')).UsersPage });
export const loadUserRegisterPage = async () => ({ Component: (await import('./pages/user-register-page')).UserRegisterPage });
