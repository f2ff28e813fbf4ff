import { useRouteError } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { Button, button } from '../ui/button';
import { Page } from '../ui/page';
import { ShellFrame } from './shell-frame';
import { AlertIcon } from '../ui/icons';
import { shellTexts as t } from './texts';
import { isChunkLoadError } from './lazy';

/** Error element of the router: the chunk-load error page (lazy page > 120 s) or a generic error. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <ShellFrame>
      <Page>
        <div className={css({ textAlign: 'center', py: { base: '8', md: '14' }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4' })}>
          <span className={css({ color: 'danger' })}><AlertIcon size={48} /></span>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700' })}>{chunk ? t.chunkErrorTitle : t.genericErrorTitle}</h1>
          <p className={css({ color: 'muted', maxWidth: '520px' })}>{chunk ? t.chunkErrorBody : t.genericErrorBody}</p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
            <Button onClick={() => window.location.reload()}>{t.reload}</Button>
            <a href="/" className={button({ variant: 'secondary' })}>{t.goHome}</a>
          </div>
        </div>
      </Page>
    </ShellFrame>
  );
}

export default RouteErrorPage;
