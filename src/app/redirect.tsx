import { useContext } from 'react';
import { Navigate, type NavigateProps } from 'react-router-dom';
import { ServerEffectsContext } from '../ui/settling-effect';

/**
 * `<Navigate>` for the app's pages: a page that sends the reader elsewhere on arrival. On the server (a first screen,
 * src/server-render/render-page.tsx) a redirect is an effect that never runs, so the renderer is told instead: a page
 * that redirects gets no first screen (the browser loads it, and goes on, as it always did).
 */
export function Redirect(props: NavigateProps) {
  const server = useContext(ServerEffectsContext);
  server?.redirect(String(typeof props.to === 'string' ? props.to : props.to.pathname ?? ''));
  return <Navigate {...props} />;
}
