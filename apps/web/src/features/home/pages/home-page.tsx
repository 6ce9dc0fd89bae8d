import { CONTENT_MESSAGES } from '@concejo/contracts';
import { useEffect } from 'react';
import { DEFAULT_COUNCIL_NAME, useSite } from '../../site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContact } from '../api/get-contact';
import { useWeather } from '../api/get-weather';
import { usePublishedBanners } from '../api/list-published-banners';
import { usePublishedNews } from '../api/list-published-news';
import { useSessionVideos } from '../api/list-session-videos';
import { BannerCarousel } from '../components/banner-carousel';
import { ContactSection } from '../components/contact-section';
import { NewsSection } from '../components/news-section';
import { SessionsSection } from '../components/sessions-section';
import { SocialStrip } from '../components/social-strip';
import { WeatherWidget } from '../components/weather-widget';
import { useListErrorToast } from '../use-list-error-toast';

/** '/': the council's front door (spec 2.1 and 2.3). */
export function HomePage() {
  useDocumentTitle('Inicio');
  const site = useSite();
  const banners = usePublishedBanners();
  const news = usePublishedNews();
  const contact = useContact();
  const videos = useSessionVideos();
  const weather = useWeather();
  useListErrorToast(banners.isError || news.isError);
  // Spec 8: these failures go to the console too; the sections say they failed (not that they are empty).
  useEffect(() => {
    if (contact.isError) console.error(CONTENT_MESSAGES.contactFetchError, contact.error);
  }, [contact.isError, contact.error]);
  useEffect(() => {
    if (videos.isError) console.error('Error al obtener los videos.', videos.error);
    if (weather.isError) console.error('Error al obtener el clima.', weather.error);
  }, [videos.isError, videos.error, weather.isError, weather.error]);

  const councilName = site.data?.council_name ?? DEFAULT_COUNCIL_NAME;
  return (
    <div className="home-page">
      <div className="home-intro">
        <div>
          <h1 className="home-title">{councilName}</h1>
          <p className="home-subtitle mb-0">
            {site.data ? `${site.data.town_name}, ${site.data.town_region} · ` : ''}Sitio oficial
          </p>
        </div>
        <WeatherWidget weather={weather.data} loading={weather.isPending} />
      </div>

      <BannerCarousel banners={banners.data ?? []} />

      <NewsSection news={news.data ?? []} loading={news.isPending} failed={news.isError && !news.data} onRetry={() => void news.refetch()} retrying={news.isFetching} />

      <SessionsSection videos={videos.data ?? []} loading={videos.isPending} channelUrl={site.data?.social.youtube ?? null} />

      <ContactSection contact={contact.data} loading={contact.isPending} failed={contact.isError && !contact.data} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />

      <SocialStrip social={site.data?.social} />
    </div>
  );
}
