import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify';
import './index.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { Splash } from './app/splash';
import { initI18n } from './lib/i18n';
import { toastContainerSettings } from './lib/toast';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// The router starts after the language is known, so the guard's 'Please Login' toast and the
// first page render in the reader's language (the static splash covers the wait).
void initI18n().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <>
      <StrictMode>
        <AppProviders>
          <Splash>
            <RouterProvider router={router} />
          </Splash>
        </AppProviders>
      </StrictMode>
      {/* One container for every page, outside the routed tree so toasts fired while a page is
          replaced (guard redirect, logout) or while the error screen shows still appear. Outside
          StrictMode too: its rehearsal unmount would drop a toast fired before the first render,
          such as the guard's 'Please Login' on a direct visit to a protected page. */}
      <ToastContainer {...toastContainerSettings} />
    </>,
  );
});
