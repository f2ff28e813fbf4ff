import { useContext } from 'react';
import { Navigate, type NavigateProps } from 'react-router-dom';
import { ServerEffectsContext } from '../ui/settling-effect';

/**
 * `<Navigate>` for the app's pages: a page that sends the reader elsewhere on arrival. On the server (a first screen,
 * src/server-render/render-page.tsx) a redirect is an effect that never runs, so the renderer is told instead: a page
 * that redirects gets no first screen (the browser loads it, and goes on, as it always did) — or, when the redirect
 * follows from the page's answers alone (`byAnswers`: nothing of the browser's, such as history state, decides it), the
 * server answers the request with that redirect, and the browser loads the page it leads to, first screen and all.
 */
export function Redirect({ byAnswers = false, ...props }: NavigateProps & { byAnswers?: boolean }) {
  const server = useContext(ServerEffectsContext);
  const to = String(typeof props.to === 'string' ? props.to : props.to.pathname ?? '');
  if (byAnswers) server?.forward(to);
  else server?.redirect(to);
  return <Navigate {...props} />;
}
