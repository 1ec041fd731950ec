import { redirect } from 'react-router';
import { i18n } from '../lib/i18n';
import { getToken } from '../lib/storage';
import { notify } from '../lib/toast';

/**
 * Loader of the route that wraps every protected page (spec §2): without a stored login token
 * the visitor is told to log in and sent to /login before any protected code renders.
 */
export function requireAuth() {
  if (!getToken()) {
    notify.error(i18n.t('auth.pleaseLogin'));
    throw redirect('/login');
  }
  return null;
}
