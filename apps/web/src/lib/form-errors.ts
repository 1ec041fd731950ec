import { translateMessage } from './messages';
import { notify } from './toast';

/**
 * Spec §5: each validation message of a contract schema is shown as an error toast, in the
 * reader's language. Equal texts (two blank fields with the same rule) show once.
 */
export function toastValidationMessages(messages: readonly (string | undefined)[]): void {
  const shown = new Set<string>();
  for (const message of messages) {
    if (!message || shown.has(message)) continue;
    shown.add(message);
    notify.error(translateMessage(message));
  }
}
