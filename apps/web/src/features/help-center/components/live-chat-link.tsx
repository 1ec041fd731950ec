import { useTranslation } from 'react-i18next';
import { buttonClasses, type ButtonVariant } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { liveChatUrl } from '../live-chat';

function ChatIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.6A8.5 8.5 0 1 1 21 11.5z" />
    </Icon>
  );
}

/**
 * "Live chat" (spec §1: "chat 24/7"): a WhatsApp chat with the support line, in a new tab, with a
 * greeting in the reader's language already typed (decision 023).
 */
export function LiveChatLink({
  variant = 'primary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const { t } = useTranslation('help-center');
  return (
    <a
      href={liveChatUrl(t('liveChat.greeting'))}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses({ variant, className })}
    >
      <ChatIcon className="size-5" />
      {t('liveChat.action')}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
