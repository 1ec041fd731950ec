import type { RouteObject } from 'react-router';

// Only paths and import() thunks. The router loads this file when an /admin address is first
// opened (app/router.tsx); the layout, every page and their libraries (editor, charts) are chunks
// of their own.

export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: async () => {
    const { AdminLayout, AdminErrorPage, loadAdminCatalogues } = await import('./admin-shell');
    await loadAdminCatalogues();
    return { Component: AdminLayout, ErrorBoundary: AdminErrorPage };
  },
  children: [
    {
      index: true,
      lazy: async () => ({ Component: (await import('./routes/metrics-page')).MetricsPage }),
    },
    {
      path: 'outcomes',
      lazy: async () => ({ Component: (await import('./routes/outcomes-page')).OutcomesPage }),
    },
    {
      path: 'inbox',
      lazy: async () => ({ Component: (await import('./inbox/inbox-page')).InboxPage }),
    },
    {
      path: 'inbox/:id',
      lazy: async () => ({
        Component: (await import('./inbox/conversation-page')).ConversationPage,
      }),
    },
    {
      path: 'saved-replies',
      lazy: async () => ({
        Component: (await import('./inbox/saved-replies-page')).SavedRepliesPage,
      }),
    },
    {
      path: 'lessons',
      lazy: async () => ({ Component: (await import('./routes/lessons-page')).LessonsPage }),
    },
    {
      path: 'lessons/new',
      lazy: async () => ({
        Component: (await import('./routes/lesson-editor-page')).LessonEditorPage,
      }),
    },
    {
      path: 'lessons/:id',
      lazy: async () => ({
        Component: (await import('./routes/lesson-editor-page')).LessonEditorPage,
      }),
    },
    {
      path: 'programme-messages',
      lazy: async () => ({
        Component: (await import('./programme-messages/programme-messages-page'))
          .ProgrammeMessagesPage,
      }),
    },
    {
      path: 'questions',
      lazy: async () => ({ Component: (await import('./routes/questions-page')).QuestionsPage }),
    },
    {
      path: 'translations',
      lazy: async () => ({
        Component: (await import('./routes/translations-page')).TranslationsPage,
      }),
    },
    {
      path: 'plans',
      lazy: async () => ({ Component: (await import('./routes/plans-page')).PlansPage }),
    },
    {
      path: 'coupons',
      lazy: async () => ({ Component: (await import('./routes/coupons-page')).CouponsPage }),
    },
    {
      path: 'live-sessions',
      lazy: async () => ({
        Component: (await import('./routes/live-sessions-page')).LiveSessionsPage,
      }),
    },
    {
      path: 'payments',
      lazy: async () => ({ Component: (await import('./routes/payments-page')).PaymentsPage }),
    },
    {
      path: 'refunds',
      lazy: async () => ({ Component: (await import('./routes/refunds-page')).RefundsPage }),
    },
    {
      path: 'blogs',
      lazy: async () => ({ Component: (await import('./routes/blogs-page')).BlogsPage }),
    },
    {
      path: 'news',
      lazy: async () => ({ Component: (await import('./routes/news-page')).NewsPage }),
    },
    {
      path: 'quizzes',
      lazy: async () => ({ Component: (await import('./routes/quizzes-page')).QuizzesPage }),
    },
    {
      path: 'quizzes/new',
      lazy: async () => ({
        Component: (await import('./routes/quiz-editor-page')).QuizEditorPage,
      }),
    },
    {
      path: 'quizzes/:id',
      lazy: async () => ({
        Component: (await import('./routes/quiz-editor-page')).QuizEditorPage,
      }),
    },
    {
      path: 'explore',
      lazy: async () => ({ Component: (await import('./routes/explore-page')).ExplorePage }),
    },
    {
      path: 'users',
      lazy: async () => ({ Component: (await import('./routes/users-page')).UsersPage }),
    },
    {
      path: 'users/:id',
      lazy: async () => ({ Component: (await import('./routes/user-detail-page')).UserDetailPage }),
    },
    {
      path: 'feedback',
      lazy: async () => ({ Component: (await import('./routes/feedback-page')).FeedbackPage }),
    },
    {
      path: 'notification-settings',
      lazy: async () => ({
        Component: (await import('./routes/notification-definitions-page'))
          .NotificationDefinitionsPage,
      }),
    },
    {
      path: 'audit',
      lazy: async () => ({ Component: (await import('./routes/audit-page')).AuditPage }),
    },
    {
      path: '*',
      lazy: async () => ({ Component: (await import('./admin-shell')).AdminNotFound }),
    },
  ],
};
