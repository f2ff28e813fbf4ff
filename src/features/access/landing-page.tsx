import { AccessLayout } from '../../app/access-layout';
import { LandingContent } from './landing-content';
import { pageTitles } from './texts';

/** `/`: landing page and login-link request (spec §1, §2 Landing page). */
export default function LandingPage() {
  return (
    <AccessLayout>
      <title>{pageTitles.landing}</title>
      <LandingContent />
    </AccessLayout>
  );
}
