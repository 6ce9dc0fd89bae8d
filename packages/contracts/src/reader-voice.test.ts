import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, SUBSCRIPTION_EMAIL_MESSAGES } from './auth-rules.js';
import { MESSAGES } from './messages.js';
import { ACCOUNT_MESSAGES } from './users.js';
import { informalForms } from './reader-voice.js';
import { subscribeRequestSchema, SUBSCRIPTION_MESSAGES } from './subscriptions.js';

describe('the voice of the texts citizens read', () => {
  it('finds tú and vos, in text and in HTML, and passes usted; tags and links are not read', () => {
    expect(informalForms('Confirma tu suscripción. Si no lo pediste, ignora este mensaje: no te enviaremos nada.')).toEqual(['Confirma', 'tu', 'pediste', 'ignora', 'te']);
    expect(informalForms('Podés darte de baja cuando querés.')).toEqual(['Podés', 'darte', 'querés']);
    expect(informalForms('<p>Confirme su suscripción: <a href="https://concejo.example.org/x/te-tu">Confirmar</a></p> https://concejo.example.org/tu')).toEqual([]);
    // Words that only contain one of them are not it, nor a link that «se abre» in a new tab.
    expect(informalForms('Estacionamiento, tutela, siguiente, presente.')).toEqual([]);
    expect(informalForms('Ver PDF (se abre en una pestaña nueva). Abre el enlace.')).toEqual(['Abre']);
  });

  it('finds none in the alerts\' messages, nor in what the API says of a wrong address', () => {
    const texts = [...Object.values(SUBSCRIPTION_MESSAGES).map((message) => (typeof message === 'function' ? message(5) : message)), ...Object.values(SUBSCRIPTION_EMAIL_MESSAGES)];
    for (const text of texts) expect(informalForms(text), text).toEqual([]);
    const refused = subscribeRequestSchema.safeParse({ email: 'no es un correo', kind: 'day-orders' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([SUBSCRIPTION_EMAIL_MESSAGES.invalid]);
  });
});

describe('what anyone may read from the API and the account pages (login, recovery, verification)', () => {
  it('speaks as usted', () => {
    const texts = [
      MESSAGES.internal,
      MESSAGES.unavailable,
      MESSAGES.badCredentials,
      MESSAGES.tooManyLogins(5),
      MESSAGES.loginSlowedDown(2),
      ...Object.values(EMAIL_MESSAGES),
      ACCOUNT_MESSAGES.forgotSent,
      ACCOUNT_MESSAGES.resetDone,
      ACCOUNT_MESSAGES.resetInvalidLink,
      ACCOUNT_MESSAGES.alreadyVerified,
      ACCOUNT_MESSAGES.tooManyRequests(3),
      ACCOUNT_MESSAGES.passwordTooCommon,
      ACCOUNT_MESSAGES.passwordIsEmail,
      ACCOUNT_MESSAGES.confirmationRequired,
    ];
    for (const text of texts) expect(informalForms(text), text).toEqual([]);
  });
});
