import { useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { Spinner } from '../../ui/spinner';
import { pageTitles, tokenEntryTexts as t } from './texts';
import { useTokenResolution } from './use-token-resolution';

function TokenResolution({ token }: { token: string }) {
  const { isResolving } = useTokenResolution(token);
  return (
    <main id="main" tabIndex={-1} className={css({ flex: '1', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', px: '4', py: '16', outline: 'none' })}>
      <title>{pageTitles.tokenEntry}</title>
      {isResolving ? <Spinner label={t.resolving} /> : null}
      <h1 className={css({ fontSize: 'lg', fontWeight: '600', color: 'muted' })}>
        {t.resolving}
      </h1>
    </main>
  );
}

/**
 * Token base, `/c2p`, `/ap`, `/pp`: resolves the token and redirects by its type and status
 * (spec §2 Token entry). Keyed by token, so a new link in the same tab resolves afresh.
 */
export default function TokenEntryPage() {
  const { token = '' } = useParams();
  return <TokenResolution key={token} token={token} />;
}
