import { lazy, Suspense } from 'react';
import { CompanionDashboard } from '../../features/companion/components/companion-dashboard';
import { DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { LessonsSection } from '../../features/lessons/components/lessons-section';

// The two dialogs are closed when the page opens: their code (and the OTP input, the exercise
// forms) loads right after the first paint instead of with it, so the page's own chunks and its
// data are not queued behind them.
const ExerciseDialog = lazy(async () => ({
  default: (await import('../../features/exercises/components/exercise-dialog')).ExerciseDialog,
}));
const WhatsappDialog = lazy(async () => ({
  default: (await import('../../features/whatsapp/components/whatsapp-dialog')).WhatsappDialog,
}));

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
            renderExerciseDialog={(props) => (
              <Suspense fallback={null}>
                <ExerciseDialog {...props} />
              </Suspense>
            )}
          />
        )}
      />
      <Suspense fallback={null}>
        <WhatsappDialog />
      </Suspense>
    </>
  );
}
