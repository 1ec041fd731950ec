import { lazy, Suspense, useEffect, useState } from 'react';
import { CompanionDashboard } from '../../features/companion/components/companion-dashboard';
import { DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { LessonsSection } from '../../features/lessons/components/lessons-section';
import type { ExerciseDialogSlotProps } from '../../features/lessons/use-lesson-player';
import { WhatsappPrompt } from '../../features/whatsapp/components/whatsapp-prompt';

const loadExerciseDialog = () => import('../../features/exercises/components/exercise-dialog');
const ExerciseDialog = lazy(async () => ({ default: (await loadExerciseDialog()).ExerciseDialog }));

/**
 * The in-video exercise dialog (and its forms), mounted from its first opening on: a closed dialog
 * mounted with the page cost it a render and a layout of its own once its code came in. The code
 * is fetched when a lesson video first plays, ahead of the exercise that pauses it.
 */
function LessonExerciseDialog(props: ExerciseDialogSlotProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);

  useEffect(() => {
    // 'play' does not bubble: listened for on its way down.
    const onPlay = () => void loadExerciseDialog();
    document.addEventListener('play', onPlay, { capture: true, once: true });
    return () => document.removeEventListener('play', onPlay, { capture: true });
  }, []);

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ExerciseDialog {...props} />
    </Suspense>
  );
}

/**
 * /dashboard assembled from its features (they do not import each other): the dashboard frame,
 * the quit companion's cards, the lesson player with the exercise dialog it opens, and the WhatsApp
 * prompt.
 */
export function DashboardRoute() {
  return (
    <>
      <DashboardPage
        companion={<CompanionDashboard />}
        renderLessons={(user) => (
          <LessonsSection
            user={user}
            renderExerciseDialog={(props) => <LessonExerciseDialog {...props} />}
          />
        )}
      />
      <WhatsappPrompt />
    </>
  );
}
