import { useQuery } from '@tanstack/react-query';
import { lessonListQuery } from '../../lib/programme-api';

// The lesson list, its keys and the progress reports live in lib/ (the shared lesson player in
// components/ and the console's preview use them too); this is the player's own view of them.
export {
  fetchLessons,
  lessonsKey,
  lessonsRoot,
  updateLesson,
  type LessonList,
  type LessonUpdateBody,
  type UserLesson,
} from '../../lib/programme-api';

/** A list fetched this recently (by the dashboard's route loader, for this visit) is not asked again. */
const JUST_FETCHED_MS = 5000;

export function useLessons(day: number | null) {
  return useQuery({
    ...lessonListQuery(day),
    retry: false,
    // The server's unlocks follow the step too (SIM test 2, taken on its own page, opens the
    // score video), so a player that mounts reloads the list even when the cache is fresh,
    // unless the route's loader has just fetched it for this very visit.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS,
  });
}
