// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api';
import { authStore } from './auth-store';
import { initI18n, setLanguage } from './i18n';
import { serverText, translateMessage } from './messages';
import { storageKeys } from './storage';

beforeAll(async () => {
  await initI18n();
});

afterAll(async () => {
  await setLanguage('en');
});

describe('server and schema messages', () => {
  it('keep the exact English text', async () => {
    await setLanguage('en');
    expect(translateMessage('Invalid OTP!')).toBe('Invalid OTP!');
    expect(serverText('Login successful', 'messages.LOGIN_SUCCESS')).toBe('Login successful');
  });

  it('are shown in Hindi to Hindi readers, found by their English wording', async () => {
    await setLanguage('hi');
    expect(translateMessage('Invalid OTP!')).toBe('गलत OTP!');
    expect(translateMessage('Phone number must be 10 digits')).toBe('फ़ोन नंबर 10 अंकों का होना चाहिए');
    // A validation error's code is shared by many texts: the text decides, not the code.
    expect(
      apiErrorMessage(
        { success: false, code: 'VALIDATION_ERROR', message: 'Enter Name' },
        'common.genericError',
      ),
    ).toBe('नाम डालें');
    await setLanguage('en');
  });

  it('pass unknown text through and fall back when the server sent none', () => {
    expect(translateMessage('Something only the server knows')).toBe(
      'Something only the server knows',
    );
    expect(serverText(undefined, 'messages.RESET_MAIL_SENT')).toBe('Mail Sent Successfully');
    expect(serverText('  ', 'messages.RESET_MAIL_SENT')).toBe('Mail Sent Successfully');
  });
});

describe('authStore.setSession', () => {
  it('drops the narrower tokens that would shadow the new session', () => {
    localStorage.setItem(storageKeys.tempToken, 'otp');
    localStorage.setItem(storageKeys.whatsappToken, 'whatsapp');
    authStore.setSession('session', { _id: 'u1', name: 'Asha' });
    expect(localStorage.getItem(storageKeys.tempToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.whatsappToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBe('session');
    expect(authStore.getState()).toMatchObject({ isAuth: true, user: { _id: 'u1' } });
  });
});
