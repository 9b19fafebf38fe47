// Only the Mantine styles the landing page needs; the signed-in shell brings the full sheet.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { fetchMe, meQueryKey } from './features/auth/session';
import { createI18n, currentLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// The API sends `/` and `/login` prerendered in the visitor's language (scripts/prerender.mjs) when
// there is no session cookie, and index.html ('Loading application...') otherwise. A prerendered
// page needs no session probe (no cookie, no session) and is hydrated. Elsewhere the probe and the
// texts download in parallel; the first render then has both, and runs as a transition so React
// yields to the browser while it builds the page (no long main-thread task on a slow phone).
const container = document.getElementById('root')!;
const prerendered = container.dataset.prerendered;
const queryClient = createQueryClient();
if (prerendered) queryClient.setQueryData(meQueryKey, null);
const [i18n] = await Promise.all([
  createI18n(),
  prerendered
    ? undefined
    : queryClient.prefetchQuery({
        queryKey: meQueryKey,
        queryFn: fetchMe,
        staleTime: Number.POSITIVE_INFINITY,
      }),
]);

const app = (
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>
);
startTransition(() => {
  // A language stored in this browser other than the cookie's (which the server followed): the
  // page is drawn anew in the stored one.
  if (prerendered && prerendered === currentLanguage(i18n)) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
