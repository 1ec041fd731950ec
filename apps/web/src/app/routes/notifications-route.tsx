import { useQuery } from '@tanstack/react-query';
import { quitPlanQuery } from '../../features/companion/queries';
import { MessagingPreferencesSection } from '../../features/messaging/components/messaging-preferences-section';
import { NotificationSettingsPage } from '../../features/notifications/routes/notification-settings-page';

/**
 * /notifications: the notification settings with the messaging programme's preferences as a
 * section (issue 15). Only a member without a quit date is asked to set one, since the programme
 * needs it. A lazy route of its own, so the query hook stays out of every page's entry code.
 */
export function NotificationsRoute() {
  const plan = useQuery(quitPlanQuery);
  return (
    <NotificationSettingsPage>
      <MessagingPreferencesSection hasQuitPlan={plan.isSuccess ? plan.data !== null : undefined} />
    </NotificationSettingsPage>
  );
}
