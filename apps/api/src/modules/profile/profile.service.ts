import type { PasswordChangeRequest, ProfileUpdateRequest, User } from '@exhale/contract/auth';
import type { LanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import { isAllowedClientStepTransition } from '@exhale/contract/steps';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import {
  AppError,
  forbidden,
  sessionRevoked,
  rateLimited,
  unauthorized,
} from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Counters } from '../../lib/counters';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import type { EmailVerificationService } from '../auth/email-verification.service';
import type { SessionsRepository } from '../auth/sessions.repository';
import type { Outbox } from '../outbox/outbox.service';
import { userConflict } from '../users/users.errors';
import { toUser } from '../users/users.mapper';
import type { UserReads, UsersRepository } from '../users/users.repository';
import { reencodeAvatar } from './avatar';

/** Wrong current passwords per account before password changes pause for the window. */
export const PASSWORD_CHANGE_THROTTLE = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

/** What one PUT /user/profile asks for; the route has already validated each part. */
export interface ProfileChange {
  details?: ProfileUpdateRequest;
  step?: number;
  image?: Buffer;
  /** Where links in mails point (a changed address is mailed a link to confirm it). */
  origin?: string;
}

/** The repositories ProfileService uses, on the pool or a transaction (its module file builds them). */
export interface ProfileRepositories {
  users: UsersRepository;
  sessions: SessionsRepository;
}

/** The signed-in user's own profile: details, step, picture and password. */
export class ProfileService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<ProfileRepositories>;
      /** The session-checked read of the busiest profile page (users module, on the pool). */
      userReads: Pick<UserReads, 'findBySession'>;
      storage: StorageProvider;
      counters: Counters;
      log: FastifyBaseLogger;
      outbox: Outbox;
      emailVerification: EmailVerificationService;
    },
  ) {}

  private users() {
    return this.deps.data.repos.users;
  }

  private view(row: UserRow | undefined): User {
    // The account vanished between authentication and now (deleted in another tab).
    if (!row) throw unauthorized();
    return toUser(row, this.deps.storage);
  }

  async get(userId: string): Promise<User> {
    return this.view(await this.users().findById(userId));
  }

  /** The caller's profile, read through their session (behind `authenticateInQuery`). */
  async getForSession(caller: { userId: string; sessionId: string }): Promise<User> {
    const row = await this.deps.userReads.findBySession(caller.userId, caller.sessionId);
    if (!row) throw sessionRevoked();
    return toUser(row, this.deps.storage);
  }

  /** The member's 'Data saver' setting (decision 057). */
  async setDataSaver(userId: string, dataSaver: boolean): Promise<User> {
    return this.view(await this.users().updateDataSaver(userId, dataSaver));
  }

  /**
   * The account's language: mails, SMS/WhatsApp texts and invoices use it (decision 065). With
   * `ifUnset`, only for an account whose language the member never set (decision 068); the
   * account is answered as it is either way.
   */
  async setLanguage(
    userId: string,
    language: LanguageCode,
    options: { ifUnset?: boolean } = {},
  ): Promise<User> {
    if (!options.ifUnset) return this.view(await this.users().updateLanguage(userId, language));
    return this.view(
      (await this.users().adoptLanguage(userId, language)) ?? (await this.users().findById(userId)),
    );
  }

  /** Applies the details, then the step, then the picture; answers the user as it ends up. */
  async update(userId: string, change: ProfileChange): Promise<User> {
    let user: User | undefined;
    if (change.details) user = await this.updateDetails(userId, change.details, change.origin);
    if (change.step !== undefined) user = await this.changeStep(userId, change.step);
    if (change.image) user = await this.replaceImage(userId, change.image);
    return user ?? this.get(userId);
  }

  /**
   * Saves the form. A new email address is not verified (decision 035): it is mailed a link to
   * confirm it, in the same transaction.
   */
  async updateDetails(userId: string, input: ProfileUpdateRequest, origin?: string): Promise<User> {
    try {
      const { row, changedEmail } = await this.deps.db.transaction(async (tx) => {
        const users = this.deps.data.within(tx).users;
        const before = await users.findByIdForUpdate(userId);
        if (!before) return { row: undefined, changedEmail: false };
        const updated = await users.updateProfile(userId, input);
        const changed = !!updated && updated.email !== before.email;
        if (changed && origin) await this.deps.emailVerification.queueMail(tx, updated, origin);
        return { row: updated, changedEmail: changed };
      });
      if (changedEmail) this.deps.outbox.deliverSoon();
      return this.view(row);
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /**
   * Only the moves of `isAllowedClientStepTransition` (the contract's rule); anything else is 403.
   * The row is locked so two tabs cannot each make one allowed move and add up to a skip.
   */
  async changeStep(userId: string, to: number): Promise<User> {
    const row = await this.deps.db.transaction(async (tx) => {
      const users = this.deps.data.within(tx).users;
      const current = await users.findByIdForUpdate(userId);
      if (!current) return undefined;
      if (!isAllowedClientStepTransition(current.step, to)) {
        throw forbidden(
          Messages.STEP_CHANGE_NOT_ALLOWED.code,
          Messages.STEP_CHANGE_NOT_ALLOWED.message,
        );
      }
      return current.step === to ? current : users.updateStep(userId, to);
    });
    return this.view(row);
  }

  /** Stores the re-encoded picture under a fresh key, then removes the one it replaces. */
  async replaceImage(userId: string, upload: Buffer): Promise<User> {
    const image = await reencodeAvatar(upload);
    const key = newStorageKey('avatars', 'webp');
    await this.deps.storage.put(key, image, 'image/webp');
    let previous: UserRow | undefined;
    let updated: UserRow | undefined;
    try {
      ({ previous, updated } = await this.deps.db.transaction(async (tx) => {
        const users = this.deps.data.within(tx).users;
        const before = await users.findByIdForUpdate(userId);
        return { previous: before, updated: before && (await users.setProfileImage(userId, key)) };
      }));
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    if (!updated) await this.removeFile(key);
    else if (previous?.profileImage) await this.removeFile(previous.profileImage);
    return this.view(updated);
  }

  async deleteImage(userId: string): Promise<User> {
    const { previous, updated } = await this.deps.db.transaction(async (tx) => {
      const users = this.deps.data.within(tx).users;
      const before = await users.findByIdForUpdate(userId);
      return { previous: before, updated: before && (await users.setProfileImage(userId, null)) };
    });
    if (previous?.profileImage) await this.removeFile(previous.profileImage);
    return this.view(updated);
  }

  /**
   * Checks the current password (throttled per account), stores the new one and ends every other
   * session: a device that knew the old password must not stay signed in.
   */
  async changePassword(
    userId: string,
    sessionId: string | undefined,
    input: PasswordChangeRequest,
  ): Promise<void> {
    const throttleKey = `password-change:${userId}`;
    const failures = await this.deps.counters.get(throttleKey);
    if (failures.count >= PASSWORD_CHANGE_THROTTLE.maxFailures) {
      throw rateLimited(failures.ttlSeconds);
    }
    const user = await this.users().findById(userId);
    if (!user) throw unauthorized();
    // A Google-only account has no password; it still costs one hash, and fails.
    const hash = user.passwordHash ?? (await dummyPasswordHash());
    const valid = (await verifyPassword(hash, input.currentPassword)) && !!user.passwordHash;
    if (!valid) {
      await this.deps.counters.incr(throttleKey, PASSWORD_CHANGE_THROTTLE.windowSeconds);
      throw new AppError(
        401,
        Messages.WRONG_CURRENT_PASSWORD.code,
        Messages.WRONG_CURRENT_PASSWORD.message,
      );
    }
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.data.within(tx).users.setPasswordHash(userId, passwordHash);
      await this.deps.data.within(tx).sessions.revokeAllForUser(userId, sessionId);
    });
    await this.deps.counters.reset(throttleKey);
  }

  /** Best effort: an orphaned file costs disk, a failed request would cost the user. */
  private async removeFile(key: string): Promise<void> {
    await this.deps.storage.delete(key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, key }, 'could not delete a stored file');
    });
  }
}
