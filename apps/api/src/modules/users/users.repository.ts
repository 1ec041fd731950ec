import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@exhale/contract/languages';
import type { Database, Executor } from '../../db/client';
import { prepared, preparedRead } from '../../db/prepared';
import { sessions, users, type UserRow } from '../../db/schema/users';
import { isLiveSessionFromPlaceholders } from '../auth/live-session';

export type NewUser = typeof users.$inferInsert;
export type ProfileFields = Pick<UserRow, 'name' | 'email' | 'mobile' | 'dob' | 'gender'>;

export class UsersRepository {
  constructor(private readonly db: Executor) {}

  async findById(id: string): Promise<UserRow | undefined> {
    // Prepared: most signed-in pages read the caller's row.
    const query = prepared(this.db, 'users_find_by_id', (db) =>
      db
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare('users_find_by_id'),
    );
    const [row] = await query.execute({ id });
    return row;
  }

  /** Locks the row until the transaction ends, for read-check-write rules such as steps. */
  async findByIdForUpdate(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findByMobile(mobile: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
    return row;
  }

  async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
    return row;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  private async update(
    id: string,
    values: { [K in keyof NewUser]?: NewUser[K] | SQL },
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** A new address is not verified, whatever the old one was (decision 035). */
  updateProfile(id: string, fields: ProfileFields) {
    return this.update(id, {
      ...fields,
      emailVerifiedAt: sql`CASE WHEN ${users.email} = ${fields.email} THEN ${users.emailVerifiedAt} END`,
      // A new mobile number is unproved until a code sent to it is entered (decision 078).
      mobileVerifiedAt: sql`CASE WHEN ${users.mobile} IS NOT DISTINCT FROM ${fields.mobile} THEN ${users.mobileVerifiedAt} END`,
    });
  }

  /** Records that `mobile` was proved to be the account's, if it still is its number. */
  async markMobileVerified(id: string, mobile: string, at: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ mobileVerifiedAt: at, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.mobile, mobile)))
      .returning();
    return row;
  }

  /** Records that `email` was proved to be the account's, if it still is its address. */
  async markEmailVerified(id: string, email: string, at: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ emailVerifiedAt: at, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt)))
      .returning();
    return row;
  }

  /**
   * A verified Google identity takes over an account whose address was never verified (decision
   * 035): its subject replaces any other, the password goes, the address counts as verified.
   * Only while the address is still unverified, so of two racing sign-ins one takes over.
   */
  async takeOverForGoogle(id: string, sub: string, at: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ googleSub: sub, passwordHash: null, emailVerifiedAt: at, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
      .returning();
    return row;
  }

  updateStep(id: string, step: number) {
    return this.update(id, { step });
  }

  updateDataSaver(id: string, dataSaver: boolean) {
    return this.update(id, { dataSaver });
  }

  /** The member's choice of language (decision 068: it is then set). */
  updateLanguage(id: string, language: LanguageCode) {
    return this.update(id, { language, languageSetAt: sql`now()` });
  }

  /**
   * The device's language for an account whose language the member never set (decision 068):
   * only while `language_set_at` is null, so of two devices the first wins. Undefined otherwise.
   */
  async adoptLanguage(id: string, language: LanguageCode): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ language, languageSetAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), isNull(users.languageSetAt)))
      .returning();
    return row;
  }

  setPasswordHash(id: string, passwordHash: string) {
    return this.update(id, { passwordHash });
  }

  setProfileImage(id: string, key: string | null) {
    return this.update(id, { profileImage: key });
  }

  /** Links a Google account to an existing user, unless another Google account already is. */
  async linkGoogleSub(id: string, sub: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ googleSub: sub, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), sql`${users.googleSub} IS NULL`))
      .returning();
    return row;
  }

  /** Deletes the row; every table holding personal data cascades from it. */
  async delete(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.delete(users).where(eq(users.id, id)).returning();
    return row;
  }
}

/** Reads on the pool itself (never inside a transaction), prepared for the busiest pages. */
export class UserReads {
  constructor(private readonly db: Database) {}

  /**
   * The user of a live session (this id, this user, not revoked, not expired), or undefined: the
   * read that doubles as the session check behind `authenticateInQuery`.
   */
  async findBySession(userId: string, sessionId: string): Promise<UserRow | undefined> {
    const read = preparedRead(this.db, 'users_find_by_session', (db) => {
      const selection = getTableColumns(users);
      const query = db
        .select(selection)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(isLiveSessionFromPlaceholders())
        .limit(1);
      return { selection, query };
    });
    const [row] = await read({ userId, sessionId });
    return row;
  }
}
