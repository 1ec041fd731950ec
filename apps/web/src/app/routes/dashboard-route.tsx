import { CompanionDashboard } from '../../features/companion/components/companion-dashboard';
import { DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { ExerciseDialog } from '../../features/exercises/components/exercise-dialog';
import { LessonsSection } from '../../features/lessons/components/lessons-section';
import { WhatsappDialog } from '../../features/whatsapp/components/whatsapp-dialog';

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
            renderExerciseDialog={(props) => <ExerciseDialog {...props} />}
          />
        )}
      />
      <WhatsappDialog />
    </>
  );
}
