import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { onSessionEnded } from '../../core/api/vendor-client';
import { consoleSessionMachine } from '../../machines/console-session/console-session.machine';
import { Button } from '../ui/button';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.frame;

/** The console's session, for every page of the frame (who is signed in, with which role). */
export const ConsoleSession = createActorContext(consoleSessionMachine);

const styles = {
  skip: css({ position: 'absolute', left: '-9999px', _focus: { left: '4', top: '4', bg: 'white', p: '2', zIndex: 10 } }),
  header: css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', px: { base: '4', md: '6' }, py: '2', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { base: '2', md: '4' }, minHeight: '60px' }),
  brand: css({ fontWeight: '700', fontSize: 'lg', color: 'ink', mr: 'auto', overflowWrap: 'anywhere' }),
  who: css({ color: 'muted', fontSize: 'sm', overflowWrap: 'anywhere' }),
  nav: css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', px: { base: '2', md: '4' }, display: 'flex', gap: '1', overflowX: 'auto' }),
  link: css({
    display: 'inline-flex', alignItems: 'center', minHeight: '44px', px: '3', color: 'ink', fontWeight: '600', textDecoration: 'none', borderBottomWidth: '3px', borderColor: 'transparent',
    '&[aria-current=page]': { borderColor: 'brand.600', color: 'brand.700' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
  }),
  alert: css({ color: 'danger', fontWeight: '600', px: { base: '4', md: '6' }, py: '2' }),
};

function Frame() {
  const actor = ConsoleSession.useActorRef();
  const state = ConsoleSession.useSelector((s) =>
    s.matches('loading') ? 'loading' : s.matches('unreachable') ? 'unreachable' : s.matches('signedOut') ? 'signedOut' : s.matches('secondFactor') ? 'secondFactor' : 'signedIn',
  );
  const passkeyBusy = ConsoleSession.useSelector((s) => s.matches({ secondFactor: 'requesting' }) || s.matches({ secondFactor: 'authenticating' }) || s.matches({ secondFactor: 'verifying' }));
  const passkeyProblem = ConsoleSession.useSelector((s) => s.context.passkeyProblem);
  // a session waiting for its passkey shows nothing but the passkey prompt (and signing out)
  const awaitingPasskey = ConsoleSession.useSelector((s) => s.context.session?.secondFactor === 'pending');
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const reason = ConsoleSession.useSelector((s) => s.context.reason);
  const signOutFailed = ConsoleSession.useSelector((s) => s.context.signOutFailed);
  const signingOut = ConsoleSession.useSelector((s) => s.matches('signingOut'));
  const navigate = useNavigate();

  // any call answering 401 (idle, signed out elsewhere, removed): the session ended
  useEffect(() => onSessionEnded(() => actor.send({ type: 'session.ended' })), [actor]);
  useEffect(() => {
    if (state === 'signedOut') navigate('/sign-in', { replace: true, state: reason === 'none' ? null : { reason } });
  }, [state, reason, navigate]);

  if (state === 'loading' || state === 'signedOut') return <FrameLoading />;
  if (state === 'unreachable') {
    return (
      <ConsolePage title={consoleTexts.productName}>
        <Panel>
          <p role="alert" className={css({ color: 'danger', fontWeight: '600', mb: '4' })}>{t.unreachable}</p>
          <Button onClick={() => actor.send({ type: 'session.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  return (
    <>
      <a href="#main" className={styles.skip}>{t.skip}</a>
      <header className={styles.header}>
        <span className={styles.brand}>{session?.vendor.displayName}</span>
        <span className={styles.who}>{session ? t.signedInAs(session.user.email, consoleTexts.roles[session.user.role]) : null}</span>
        <Button variant="secondary" loading={signingOut} onClick={() => actor.send({ type: 'session.signOut' })}>{t.signOut}</Button>
        <Button variant="ghost" disabled={signingOut} onClick={() => actor.send({ type: 'session.signOutEverywhere' })}>{t.signOutEverywhere}</Button>
      </header>
      {awaitingPasskey ? null : <nav aria-label={t.nav} className={styles.nav}>
        <NavLink to="/" end className={styles.link}>{t.home}</NavLink>
        <NavLink to="/invoices" className={styles.link}>{t.invoices}</NavLink>
        <NavLink to="/customers" className={styles.link}>{t.customers}</NavLink>
        <NavLink to="/payments" className={styles.link}>{t.payments}</NavLink>
        <NavLink to="/disputes" className={styles.link}>{t.disputes}</NavLink>
        <NavLink to="/content" className={styles.link}>{t.content}</NavLink>
        <NavLink to="/team" className={styles.link}>{t.team}</NavLink>
        {session && session.user.role !== 'ar' ? <NavLink to="/audit" className={styles.link}>{t.audit}</NavLink> : null}
        <NavLink to="/settings" className={styles.link}>{t.settings}</NavLink>
        {session?.user.role === 'admin' ? <NavLink to="/developers" className={styles.link}>{t.developers}</NavLink> : null}
      </nav>}
      {signOutFailed ? <p role="alert" className={styles.alert}>{t.signOutFailed}</p> : null}
      {awaitingPasskey ? (
        <ConsolePage title={t.passkeyTitle}>
          <Panel>
            <p className={css({ mb: '4' })}>{t.passkeyIntro}</p>
            <div aria-live="polite">
              {passkeyProblem ? <p role="alert" className={css({ color: 'danger', fontWeight: '600', mb: '4' })}>{passkeyProblem === 'cancelled' ? t.passkeyCancelled : passkeyProblem}</p> : null}
            </div>
            <Button loading={passkeyBusy} onClick={() => actor.send({ type: 'passkey.use' })}>{t.passkeyUse}</Button>
          </Panel>
        </ConsolePage>
      ) : (
        <Outlet />
      )}
    </>
  );
}

/**
 * The frame while it learns who is signed in. console.html carries this same markup in its root (checked by
 * tests/features/console/console-shell.test.tsx), so the page paints it from the HTML, before any script has run.
 */
export function FrameLoading() {
  return (
    <ConsolePage title={consoleTexts.productName}>
      <Placeholder label={t.loading} heights={[36, 240]} />
    </ConsolePage>
  );
}

/** Every page behind the sign-in: the session, the header and the navigation. */
export function ConsoleFrame() {
  return (
    <ConsoleSession.Provider>
      <Frame />
    </ConsoleSession.Provider>
  );
}
