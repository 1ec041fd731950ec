import { describe, expect, it } from 'vitest';
import {
  adminNotificationDefinitionCreateSchema,
  adminNotificationDefinitionUpdateSchema,
} from './admin';

const valid = {
  topic: 'community',
  channel: 'sms',
  title: ' Community ',
  setting: 'SMS updates',
  description: 'Explore updates by SMS.',
};

describe('notification definitions', () => {
  it('trims the texts, starts off by default and leaves the position to the server', () => {
    expect(adminNotificationDefinitionCreateSchema.parse(valid)).toEqual({
      ...valid,
      title: 'Community',
      default_status: false,
    });
  });

  it('has no setting for the in-app bell, and only the topics the senders use', () => {
    const bell = adminNotificationDefinitionCreateSchema.safeParse({ ...valid, channel: 'in_app' });
    expect(bell.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['channel', 'Choose a channel.'],
    ]);
    const topic = adminNotificationDefinitionCreateSchema.safeParse({ ...valid, topic: 'offers' });
    expect(topic.error?.issues[0]?.path).toEqual(['topic']);
  });

  it('never moves a definition to another topic or channel on update', () => {
    expect(adminNotificationDefinitionUpdateSchema.parse({ position: 3 })).toEqual({ position: 3 });
    const moved = adminNotificationDefinitionUpdateSchema.safeParse({
      topic: 'account',
      channel: 'push',
    });
    expect(moved.error?.issues.map((i) => i.message)).toEqual([
      'These cannot be changed: topic, channel. Add a new definition instead.',
    ]);
  });
});
