import type { NotificationSetting } from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import {
  type NotificationSettingsRepository,
  type NotificationSettingView,
} from './notification-settings.repository';

const settingNotFound = () =>
  new AppError(
    404,
    Messages.NOTIFICATION_SETTING_NOT_FOUND.code,
    Messages.NOTIFICATION_SETTING_NOT_FOUND.message,
  );

function toSetting(view: NotificationSettingView): NotificationSetting {
  return {
    _id: view.id,
    status: view.status,
    notification_id: {
      _id: view.definitionId,
      title: view.title,
      setting: view.setting,
      desc: view.description,
    },
  };
}

/** The repositories NotificationSettingsService uses, on the pool or a transaction (its module file builds them). */
export interface NotificationSettingsRepositories {
  notificationSettings: NotificationSettingsRepository;
}

/** The caller's notification settings (spec §2 "Notifications"): every query is scoped to them. */
export class NotificationSettingsService {
  constructor(
    private readonly deps: { db: Database; data: DataAccess<NotificationSettingsRepositories> },
  ) {}

  /** Rows are created on first read, so a definition added later reaches existing users too. */
  async list(userId: string): Promise<NotificationSetting[]> {
    const repository = this.deps.data.repos.notificationSettings;
    await repository.createMissing(userId);
    return (await repository.listForUser(userId)).map(toSetting);
  }

  async update(userId: string, settingId: string, status: boolean): Promise<NotificationSetting> {
    if (!isUuid(settingId)) throw settingNotFound();
    const row = await this.deps.data.repos.notificationSettings.updateOwn(
      userId,
      settingId,
      status,
    );
    if (!row) throw settingNotFound();
    return toSetting(row);
  }

  async reset(userId: string): Promise<NotificationSetting[]> {
    return this.deps.db.transaction(async (tx) => {
      const repository = this.deps.data.within(tx).notificationSettings;
      await repository.createMissing(userId);
      await repository.resetToDefaults(userId);
      return (await repository.listForUser(userId)).map(toSetting);
    });
  }
}
