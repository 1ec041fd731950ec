/**
 * Which file the lesson player loads (decision 057): the full video, its small rendition on a
 * slow connection or with the member's Data saver on, or the audio track in 'Listen only'. The
 * exercises keep their timestamps in every case: all three are the same lesson, second for second.
 */

/** What the browser says about the network (`navigator.connection`, Chromium and Android). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Effective types the Network Information API reports for connections under ~700 kbit/s. */
const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

export function isSlowConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || SLOW_TYPES.has(connection.effectiveType ?? '');
}

/** The browser's connection, where the Network Information API exists. */
export function currentConnection(): ConnectionInfo | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/** Whether this device's connection is slow now (false where the browser does not say). */
export function onSlowConnection(): boolean {
  return isSlowConnection(currentConnection());
}

export interface LessonSources {
  source: string;
  renditions: readonly { height: number; src: string }[];
  audio_src: string | null;
}

export type SourceReason = 'dataSaver' | 'slowConnection';

export type LessonSourceChoice =
  | { kind: 'video'; src: string; small: false }
  | { kind: 'video'; src: string; small: true; height: number; reason: SourceReason }
  | { kind: 'audio'; src: string };

export function chooseLessonSource(
  lesson: LessonSources,
  options: { dataSaver: boolean; slowConnection: boolean; listenOnly: boolean },
): LessonSourceChoice {
  if (options.listenOnly && lesson.audio_src) return { kind: 'audio', src: lesson.audio_src };
  const reason: SourceReason | null = options.dataSaver
    ? 'dataSaver'
    : options.slowConnection
      ? 'slowConnection'
      : null;
  const smallest = [...lesson.renditions].sort((a, b) => a.height - b.height)[0];
  if (reason && smallest) {
    return { kind: 'video', src: smallest.src, small: true, height: smallest.height, reason };
  }
  return { kind: 'video', src: lesson.source, small: false };
}
