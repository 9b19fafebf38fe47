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
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { fetchMe, meQueryKey } from './features/auth/session';
import { createI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// The app, from index.html ('Loading application...'): the API sends it for every address but the
// prerendered first screens (`/` and `/login` without a session cookie), which run no React
// (src/first-screen.ts). The session probe and the texts download in parallel; the first render
// then has both, and runs as a transition so React yields to the browser while it builds the page
// (no long main-thread task on a slow phone).
const queryClient = createQueryClient();
const [i18n] = await Promise.all([
  createI18n(),
  queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY }),
]);

startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});
