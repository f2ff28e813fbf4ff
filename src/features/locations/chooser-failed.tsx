import { css } from '../../../styled-system/css';
import { Button } from '../../ui/button';
import { chooserTexts as t } from './texts';

export function ChooserFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', borderRadius: 'card', p: '5', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
      <p className={css({ color: 'danger', fontWeight: '600' })}>{message}</p>
      <Button variant="secondary" onClick={onRetry}>{t.retry}</Button>
    </div>
  );
}
