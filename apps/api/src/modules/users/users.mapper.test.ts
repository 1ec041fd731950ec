import { userSchema } from '@exhale/contract/auth';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/users';
import { toUser } from './users.mapper';

const row: UserRow = {
  id: '3f1c7c1e-9a53-4a43-8f1c-2b8c5c9e0a11',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876543210',
  dob: 30,
  gender: 'female',
  passwordHash: '$argon2id$v=19$secret',
  profileImage: 'avatars/abc.webp',
  whatsappNo: null,
  googleSub: 'google-123',
  emailVerifiedAt: new Date('2026-01-02T03:04:05Z'),
  mobileVerifiedAt: null,
  type: 'free',
  role: 'user',
  step: 1,
  currentDay: 0,
  totalPoints: 42,
  dataSaver: true,
  language: 'ta',
  languageSetAt: new Date('2026-01-02T03:04:05Z'),
  premiumSince: null,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
  updatedAt: new Date('2026-01-02T03:04:05.000Z'),
};
const storage = { publicUrl: (key: string) => `/media/${key}` };

describe('toUser', () => {
  it("builds exactly the contract's user, never the hash or the Google subject", () => {
    const user = toUser(row, storage);
    expect(userSchema.parse(user)).toEqual(user);
    expect(user).toEqual({
      _id: row.id,
      name: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
      dob: 30,
      gender: 'female',
      profile: '/media/avatars/abc.webp',
      whatsapp_no: null,
      type: 'free',
      step: 1,
      current_day: null,
      total_points: 42,
      role: 'user',
      created_at: '2026-01-02T03:04:05.000Z',
      data_saver: true,
      language: 'ta',
    });
    expect(JSON.stringify(user)).not.toMatch(/argon2|google-123/);
  });

  it('shows a programme day from day 1 and no picture as null', () => {
    const user = toUser({ ...row, currentDay: 3, profileImage: null }, storage);
    expect(user.current_day).toBe(3);
    expect(user.profile).toBeNull();
  });
});
