import type { User } from '@exhale/contract/auth';
import type { UserRow } from '../../db/schema/users';
import type { StorageProvider } from '../../providers/storage/storage';

/**
 * The user as the API shows it (API.md "User object"). Built field by field, so a new column,
 * such as the password hash, can never slip into a response.
 */
export function toUser(row: UserRow, storage: Pick<StorageProvider, 'publicUrl'>): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    dob: row.dob,
    gender: row.gender,
    profile: row.profileImage ? storage.publicUrl(row.profileImage) : null,
    whatsapp_no: row.whatsappNo,
    type: row.type,
    step: row.step,
    // Day 0 means "no programme day yet"; the contract (and the web) read that as absent.
    current_day: row.currentDay >= 1 ? row.currentDay : null,
    total_points: row.totalPoints,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    data_saver: row.dataSaver,
    language: row.language,
  };
}
