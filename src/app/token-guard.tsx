import { startTransition, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useMatches, useParams } from 'react-router-dom';
import { getAuthToken, setAuthToken } from '../../core/api/client';
import { createSession, ServerSessionContext, SessionContext, type Session } from './session';
import { ReplayScope, useReplay } from './replay-scope';
import { sessionSnapshots } from './hydration-state';

function SessionScope({ token }: { token: string }) {
  // On the server (a first screen) the session is the render's own. In a browser hydrating the page the server rendered
  // (src/app/hydration-state.ts) it is made at once from the slices the server's reached, so the first render is the
  // server's; otherwise it is made in the layout effect below.
  const serverSession = useContext(ServerSessionContext);
  const [session, setSession] = useState<Session | null>(() => {
    if (serverSession?.token === token) return serverSession;
    const restored = sessionSnapshots(token);
    if (!restored) return null;
    setAuthToken(token);
    return createSession(token, undefined, restored);
  });
  /** The session the hydrating render made, until the layout effect takes it as its own. */
  const adopted = useRef(serverSession ? null : session);
  // The app renders only once the token is the auth token (spec §2): set it before the first paint.
  useLayoutEffect(() => {
    setAuthToken(token);
    const own = adopted.current?.token === token ? adopted.current : null;
    adopted.current = null;
    const created = own ?? createSession(token);
    // The whole page renders under the session: as a transition React renders it in slices, yielding to the browser
    // between them, instead of one long task straight from this layout effect (total blocking time on a phone).
    if (!own) startTransition(() => setSession(created));
    return () => {
      created.stop();
      if (getAuthToken() === token) setAuthToken(null);
    };
  }, [token]);
  if (!session || session.token !== token) return null;
  return (
    <SessionContext.Provider value={session}>
      <SelectionFromPath session={session} />
      <Outlet />
    </SessionContext.Provider>
  );
}

/** The vendor and location ids of the path become the selected ones (spec §2). */
function SelectionFromPath({ session }: { session: Session }) {
  // The guard's own params stop at :token; the deepest match carries the child routes' ids.
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  const vendorId = params.vendorId ?? null;
  const locationId = params.locationId ?? null;
  const replay = useReplay();
  useEffect(() => {
    session.selection.send({ type: 'selection.path', vendorId, locationId });
    // A selected vendor and location may have a saved action waiting for its page to load.
    if (vendorId && locationId) replay?.send({ type: 'replay.selected', scope: { token: session.token, vendorId, locationId } });
  }, [session, vendorId, locationId, replay]);
  return null;
}

/** Guard of every route under /token/:token: requires the token, sets it as the auth token, holds the session. */
export function TokenGuard() {
  const { token } = useParams();
  if (!token) return null;
  return (
    <ReplayScope>
      <SessionScope key={token} token={token} />
    </ReplayScope>
  );
}

export default TokenGuard;
