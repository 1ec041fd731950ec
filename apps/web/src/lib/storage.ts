import type { UserRole } from '@exhale/contract/auth';
import type { QuitProgress } from '@exhale/contract/quit-plan';

/**
 * Every local storage key the web app uses (spec §3), with typed accessors. Nothing else in the
 * app touches localStorage directly, so a key can be renamed or migrated in one place.
 *
 * Values written by older app versions or edited by hand must never crash a page: JSON that does
 * not parse, or parses to the wrong shape, reads as null.
 */

export const storageKeys = {
  user: 'user',
  token: 'token',
  tempToken: 'temp_token',
  whatsappToken: 'whatsapp_token',
  resetToken: 'reset_token',
  videoIndex: 'video_index',
  resumeTime: 'resume_time',
  liveSession: 'live_session',
  firstEvent: 'first_event',
  whatsappHide: 'whatsapp_hide',
  whatsappPromptDismissedAt: 'whatsapp_prompt_dismissed_at',
  language: 'language',
  persistedRoot: 'root',
  quitPrepare: 'quit_prepare',
  quitReasons: 'quit_reasons',
  quitProgress: 'quit_progress',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export type UserType = 'free' | 'premium';

/** The user object as the API returns it (API.md "User object"), kept under 'user'. */
export interface StoredUser {
  _id: string;
  name?: string;
  email?: string;
  mobile?: string | null;
  dob?: number | string | null;
  gender?: 'male' | 'female' | null;
  profile?: string | null;
  whatsapp_no?: string | null;
  type?: UserType;
  step?: number;
  current_day?: number | null;
  total_points?: number | null;
  role?: UserRole;
  created_at?: string;
  /** 'Data saver' in the profile: lessons play their small rendition. */
  data_saver?: boolean;
  /** The account's language (decision 065); absent in a copy stored before it existed. */
  language?: string;
}

export interface LiveSessionRecord {
  user_id: string;
  liveSession: boolean;
}

export interface FirstEventRecord {
  points: number;
}

/** Mirror of the auth state that the spec keeps as a persisted store under 'root'. */
export interface PersistedRoot {
  user: StoredUser | null;
  isAuth: boolean;
}

export const defaultLanguage = 'en';

// Safari private mode and some embedded WebViews throw on any localStorage access. A server
// render (entry-server.tsx) has none: it renders pages as a visitor without a session sees them.
function store(): Storage | null {
  if (import.meta.env.SSR) return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readString(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the app keeps working for this page view.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Same as writeString.
  }
}

function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStoredUser(value: unknown): value is StoredUser {
  return isRecord(value) && typeof value._id === 'string' && value._id !== '';
}

function isLiveSessionRecord(value: unknown): value is LiveSessionRecord {
  return (
    isRecord(value) && typeof value.user_id === 'string' && typeof value.liveSession === 'boolean'
  );
}

function isFirstEventRecord(value: unknown): value is FirstEventRecord {
  return isRecord(value) && typeof value.points === 'number' && Number.isFinite(value.points);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

// --- user and tokens -------------------------------------------------------------------------

export const getUser = (): StoredUser | null => readJson(storageKeys.user, isStoredUser);
export const setUser = (user: StoredUser): void => writeJson(storageKeys.user, user);

export const getPersistedRoot = (): PersistedRoot | null =>
  readJson(
    storageKeys.persistedRoot,
    (v): v is PersistedRoot =>
      isRecord(v) && typeof v.isAuth === 'boolean' && (v.user === null || isStoredUser(v.user)),
  );
export const setPersistedRoot = (root: PersistedRoot): void =>
  writeJson(storageKeys.persistedRoot, root);

function readToken(key: StorageKey): string | null {
  const value = readString(key);
  return value && value.trim() !== '' ? value : null;
}

export const getToken = (): string | null => readToken(storageKeys.token);
export const setToken = (token: string): void => writeString(storageKeys.token, token);
export const getTempToken = (): string | null => readToken(storageKeys.tempToken);
export const setTempToken = (token: string): void => writeString(storageKeys.tempToken, token);
export const getWhatsappToken = (): string | null => readToken(storageKeys.whatsappToken);
export const setWhatsappToken = (token: string): void =>
  writeString(storageKeys.whatsappToken, token);

/**
 * The password-reset token from a mailed link (spec §2 "Password Reset page"), kept under its own
 * key: stored as 'token' it would pass the login guard and shadow a real session.
 */
export const getResetToken = (): string | null => readToken(storageKeys.resetToken);
export const setResetToken = (token: string): void => writeString(storageKeys.resetToken, token);

/**
 * The credential sent on every request (spec §6): whatsapp_token, then temp_token, then token.
 * Flows that obtain a newer token must remove the narrower one, or it keeps shadowing the session.
 */
export const getBearerToken = (): string | null =>
  getWhatsappToken() ?? getTempToken() ?? getToken();

// --- lesson player ---------------------------------------------------------------------------

export const getVideoIndex = (): number | null => readJson(storageKeys.videoIndex, isFiniteNumber);
export const setVideoIndex = (index: number): void => writeJson(storageKeys.videoIndex, index);
export const getResumeTime = (): number | null => readJson(storageKeys.resumeTime, isFiniteNumber);
export const setResumeTime = (seconds: number): void => writeJson(storageKeys.resumeTime, seconds);

// --- live session ----------------------------------------------------------------------------

export const setLiveSession = (record: LiveSessionRecord): void =>
  writeJson(storageKeys.liveSession, record);

/** Reads the record; an unparsable or malformed one is removed so it cannot linger (spec §6). */
export function getLiveSession(): LiveSessionRecord | null {
  if (readString(storageKeys.liveSession) === null) return null;
  const record = readJson(storageKeys.liveSession, isLiveSessionRecord);
  if (!record) removeItem(storageKeys.liveSession);
  return record;
}

/**
 * Whether the top bar shows the live-session link: only for the owner of the stored record and
 * only while it is on. The flag is cleared when the user data lacks current_day (spec §6).
 */
export function liveSessionLinkVisible(user: StoredUser | null): boolean {
  const record = getLiveSession();
  if (!record) return false;
  if (user && (user.current_day === undefined || user.current_day === null)) {
    removeItem(storageKeys.liveSession);
    return false;
  }
  return Boolean(user && record.liveSession && record.user_id === user._id);
}

// --- first test taken before sign-up -----------------------------------------------------------

export const getFirstEvent = (): FirstEventRecord | null =>
  readJson(storageKeys.firstEvent, isFirstEventRecord);
export const setFirstEvent = (record: FirstEventRecord): void =>
  writeJson(storageKeys.firstEvent, record);
/** A visitor who retakes the landing test drops the old result first. */
export const clearFirstEvent = (): void => removeItem(storageKeys.firstEvent);

// --- WhatsApp prompt -------------------------------------------------------------------------

export const getWhatsappHide = (): boolean =>
  readJson(storageKeys.whatsappHide, isBoolean) ?? false;
export const setWhatsappHide = (hide: boolean): void => writeJson(storageKeys.whatsappHide, hide);

/** After the WhatsApp prompt is closed without an answer, it waits this long (decision 080). */
export const WHATSAPP_PROMPT_PAUSE_MS = 7 * 24 * 60 * 60 * 1000;

/** Closing the prompt without 'Skip this step' pauses it for a week on this device. */
export const setWhatsappPromptDismissed = (at: number): void =>
  writeJson(storageKeys.whatsappPromptDismissedAt, at);
/** Whether the prompt was closed less than a week ago (a time ahead of the clock counts too). */
export const getWhatsappPromptPaused = (now = Date.now()): boolean => {
  const at = readJson(storageKeys.whatsappPromptDismissedAt, isFiniteNumber);
  return at !== null && now - at < WHATSAPP_PROMPT_PAUSE_MS;
};

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The quit companion's 'get ready' items this device has ticked. */
export const getQuitPrepare = (): string[] => readJson(storageKeys.quitPrepare, isStringList) ?? [];
export const setQuitPrepare = (done: readonly string[]): void =>
  writeJson(storageKeys.quitPrepare, done);

// --- the quit companion's copies for offline use (decision 055) -------------------------------

/** A member's own data kept for when the network is down; read back only for that member. */
interface DeviceCopy<T> {
  user_id: string;
  saved_at: string;
  value: T;
}

function readDeviceCopy<T>(
  key: StorageKey,
  userId: string,
  isValue: (value: unknown) => value is T,
): DeviceCopy<T> | null {
  const copy = readJson(
    key,
    (v): v is DeviceCopy<T> =>
      isRecord(v) &&
      typeof v.user_id === 'string' &&
      typeof v.saved_at === 'string' &&
      isValue(v.value),
  );
  return copy && copy.user_id === userId ? copy : null;
}

function writeDeviceCopy(key: StorageKey, userId: string, value: unknown): void {
  writeJson(key, { user_id: userId, saved_at: new Date().toISOString(), value });
}

/** The member's reasons to quit, for /sos without a network. */
export const getQuitReasons = (userId: string): string[] | null =>
  readDeviceCopy(storageKeys.quitReasons, userId, isStringList)?.value ?? null;
export const setQuitReasons = (userId: string, reasons: readonly string[]): void =>
  writeDeviceCopy(storageKeys.quitReasons, userId, reasons);

function isQuitProgress(value: unknown): value is QuitProgress {
  return (
    isRecord(value) &&
    typeof value.started === 'boolean' &&
    typeof value.days_smoke_free === 'number' &&
    Array.isArray(value.milestones)
  );
}

/** The last progress the server sent, shown with an 'offline' badge when it cannot be reached. */
export const getQuitProgress = (userId: string): DeviceCopy<QuitProgress> | null =>
  readDeviceCopy(storageKeys.quitProgress, userId, isQuitProgress);
export const setQuitProgress = (userId: string, progress: QuitProgress): void =>
  writeDeviceCopy(storageKeys.quitProgress, userId, progress);

// --- language --------------------------------------------------------------------------------

export const getLanguage = (): string => readString(storageKeys.language) ?? defaultLanguage;
export const setLanguage = (code: string): void => writeString(storageKeys.language, code);

// --- everything ------------------------------------------------------------------------------

/** Clears all local storage except the listed keys. */
export function clearAll(keep: readonly StorageKey[] = []): void {
  const kept = keep.map((key) => [key, readString(key)] as const);
  try {
    store()?.clear();
  } catch {
    return;
  }
  for (const [key, value] of kept) if (value !== null) writeString(key, value);
}
