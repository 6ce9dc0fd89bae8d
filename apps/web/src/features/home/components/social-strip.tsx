import type { SiteResponse, SocialProfile } from '@concejo/contracts';
import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from './social-icons';

const PROFILES: { key: SocialProfile; label: string; Icon: ComponentType }[] = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
];

/** Links to the council's profiles (spec 2.3), the ones the server has configured. */
export function SocialStrip({ social }: { social: SiteResponse['social'] | undefined }) {
  const profiles = PROFILES.filter((profile) => social?.[profile.key]);
  if (profiles.length === 0) return null;
  return (
    <nav className="social-strip" aria-label="Redes sociales del Concejo">
      <p className="social-strip-title mb-0">Seguinos</p>
      <ul className="list-unstyled d-flex gap-2 mb-0">
        {profiles.map(({ key, label, Icon }) => (
          <li key={key}>
            <a href={social![key]!} target="_blank" rel="noopener noreferrer" className="social-link">
              <Icon />
              <span className="visually-hidden">{`${label} (se abre en una pestaña nueva)`}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
