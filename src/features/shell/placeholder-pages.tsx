import { useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { Card, Page, PageTitle } from '../../ui/page';
import { LocationFrame } from '../../app/location-frame';
import { shellTexts as t } from '../../app/texts';

function Placeholder({ title, body }: { title: string; body: string }) {
  const { vendorId = '', locationId = '' } = useParams();
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {() => (
        <Page>
          <PageTitle>{title}</PageTitle>
          <Card as="div">
            <p className={css({ color: 'ink' })}>{body}</p>
          </Card>
        </Page>
      )}
    </LocationFrame>
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
