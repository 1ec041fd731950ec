import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@exhale/contract/languages';
import type { InboxDetail } from '../api';
import { formatIstDate } from '../../format';

/** The member's quit story beside the conversation: what a coach needs, no contact details. */
export function MemberContext({ member }: { member: InboxDetail['member'] }) {
  const { t } = useTranslation('admin');
  const none = t('inbox.context.none');
  const facts: [string, string][] = [
    [t('inbox.context.quitDate'), member.quit_date ? formatIstDate(member.quit_date) : none],
    [
      t('inbox.context.daysSmokeFree'),
      member.days_smoke_free === null ? none : String(member.days_smoke_free),
    ],
    [t('inbox.context.slips'), String(member.slips_last_7_days)],
    [
      t('inbox.context.dependence'),
      member.dependence_score === null ? none : String(member.dependence_score),
    ],
    [
      t('inbox.context.programmeDay'),
      member.programme_day === null ? none : String(member.programme_day),
    ],
    [t('inbox.context.language'), LANGUAGE_NAMES[member.language]],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
