import { css } from '../../../styled-system/css';
import { Card, PageTitle } from '../../ui/page';
import { LocationPage } from '../../app/location-page';
import { shellTexts as t } from '../../app/texts';

function Placeholder({ title, body }: { title: string; body: string }) {
  return (
    <LocationPage>
      {() => (
        <>
          <PageTitle>{title}</PageTitle>
          <Card as="div">
            <p className={css({ color: 'ink' })}>{body}</p>
          </Card>
        </>
      )}
    </LocationPage>
  );
}

/** `.../profile`: placeholder screen (spec §2). */
export function ProfilePage() {
  return <Placeholder title={t.profileTitle} body={t.profileBody} />;
}

/** `.../talktous`: placeholder text only (spec §2). */
export function TalkToUsPage() {
  return <Placeholder title={t.talkToUsTitle} body={t.talkToUsBody} />;
}
