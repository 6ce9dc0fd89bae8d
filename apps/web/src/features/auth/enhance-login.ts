import { API_PATHS, homeAfterLogin, isRole, loginErrors, type LoginResponse } from '@concejo/contracts';
import { showError } from '../../enhance/get-form';
import { all, listen, type Enhancer } from '../../enhance/enhancer';
import { goTo } from '../../enhance/navigate';
import { showToast } from '../../enhance/toasts';
import { apiClient } from '../../lib/api-client';
import { fields, objectAnswer } from '../../lib/public-answers';
import { getDeviceId, saveSession } from '../../lib/session';
import { loginErrorMessage } from './login-error-message';

/** The login answer, checked without zod (the page's script carries none). */
const loginAnswer = objectAnswer<LoginResponse>('the login', (data) => fields({ token: 'string', 'user.name': 'string', 'user.last_name': 'string', 'user.email_verified': 'boolean' })(data) && isRole(data.role));

/**
 * The login form of the server-rendered /login (pages/login-page.tsx): checked in Spanish as the API
 * checks it, sent to POST /login with this browser's Device-Id, the session stored as spec 3 names its
 * keys, and then the role's panel (citizens: home), replacing /login in the history. A failure is the
 * toast of spec 8. The button comes disabled from the server: without this script a password must
 * never leave as a GET in the address.
 */
export const enhanceLoginForm: Enhancer<HTMLFormElement> = (form) => {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  form.noValidate = true;
  button.disabled = false;
  let submitted = false;
  let sending = false;
  const check = () => {
    const errors = loginErrors({ email: email.value, password: password.value });
    showError(email, errors.email);
    showError(password, errors.password);
    return errors;
  };
  const setSending = (value: boolean) => {
    sending = value;
    button.disabled = value;
    button.setAttribute('aria-busy', String(value));
    const spinner = button.querySelector('.spinner-border');
    if (value && !spinner) button.prepend(Object.assign(document.createElement('span'), { className: 'spinner-border spinner-border-sm me-2', ariaHidden: 'true' }));
    if (!value) spinner?.remove();
  };
  return all([
    listen(form, 'submit', (event) => {
      event.preventDefault();
      if (sending) return;
      submitted = true;
      const errors = check();
      if (errors.email || errors.password) {
        (errors.email ? email : password).focus();
        return;
      }
      setSending(true);
      apiClient
        .post(API_PATHS.login, { body: { email: email.value.trim(), password: password.value }, headers: { 'Device-Id': getDeviceId() }, schema: loginAnswer })
        .then((login) => {
          saveSession(login);
          goTo(homeAfterLogin(login.role), { replace: true });
        })
        .catch((error: unknown) => {
          setSending(false);
          showToast('error', loginErrorMessage(error));
        });
    }),
    listen(form, 'input', () => {
      if (submitted) check();
    }),
  ]);
};
