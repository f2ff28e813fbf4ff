import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { consoleSignInMachine, isEmailAddress } from '../../machines/console-sign-in/console-sign-in.machine';
import { Button } from '../ui/button';
import { NativeTextField } from '../ui/native-text-field';
import { ConsolePage, Panel } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.signIn;

const styles = {
  alert: css({ color: 'danger', fontWeight: '600', mb: '4' }),
  note: css({ color: 'ink', mb: '4' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '4' }),
};

/** `/console/sign-in`: ask for a link by e-mail, or (arriving from the link) trade its token for a session. */
export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(consoleSignInMachine);
  // The link's token rides in the fragment (`#<token>`): handed to the chart, then removed from the address bar at once
  // (so it is in no history entry) — on arrival, and when a link is opened in a tab already on this page.
  const [opening, setOpening] = useState(() => location.hash.length > 1);
  useEffect(() => {
    const token = location.hash.slice(1);
    if (!location.hash) return;
    if (token) send({ type: 'link.open', token });
    setOpening(false);
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, state: location.state });
  }, [location, navigate, send]);
  const reason = (location.state as { reason?: 'ended' | 'signedOut' } | null)?.reason;
  const signedIn = snapshot.matches('signedIn');
  useEffect(() => {
    if (signedIn) navigate('/', { replace: true });
  }, [signedIn, navigate]);

  const { email, problem } = snapshot.context;
  const [touched, setTouched] = useState(false);
  const showInvalid = touched && email.trim() !== '' && !isEmailAddress(email);
  const busy = snapshot.matches('requesting');

  return (
    <ConsolePage title={snapshot.matches('sent') ? t.sentTitle : t.title}>
      <Panel className={css({ maxWidth: '560px' })}>
        {opening || snapshot.matches('exchanging') || signedIn ? (
          <p role="status" className={styles.note}>{t.exchanging}</p>
        ) : snapshot.matches('sent') ? (
          <>
            <p role="status" className={styles.note}>{t.sent(email.trim())}</p>
            <Button variant="secondary" onClick={() => send({ type: 'link.again' })}>{t.again}</Button>
          </>
        ) : (
          <>
            {problem ? <p role="alert" className={styles.alert}>{t.problems[problem]}</p> : reason ? <p role="status" className={styles.note}>{reason === 'ended' ? t.ended : t.signedOut}</p> : null}
            <p className={styles.note}>{t.intro}</p>
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                setTouched(true);
                send({ type: 'link.request' });
              }}
            >
              <NativeTextField
                label={t.emailLabel}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(event) => send({ type: 'email.change', value: event.target.value })}
                onBlur={() => setTouched(true)}
                errorText={showInvalid ? t.invalidEmail : undefined}
                disabled={busy}
              />
              <Button type="submit" loading={busy} disabled={busy}>{t.submit}</Button>
            </form>
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}
