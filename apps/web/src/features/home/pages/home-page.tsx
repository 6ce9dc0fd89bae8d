import { CONTENT_MESSAGES, DEFAULT_SITE_SERVICES } from '@concejo/contracts';
import { useSearchParams } from 'react-router';
import { DEFAULT_COUNCIL_NAME, useSite } from '../../../components/site';
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
import { newsListHref, visibleNews } from '../news-pages';
import { PageToast } from '../../../components/toast/page-toast';

/**
 * '/': the council's front door (spec 2.1 and 2.3), rendered on the server with its data
 * (server-pages.ts). A section whose data failed says so; a failed banner or news list also shows
 * spec 8's red toast.
 */
export function HomePage() {
  const site = useSite();
  const banners = usePublishedBanners();
  const news = usePublishedNews();
  const contact = useContact();
  const videos = useSessionVideos();
  const weather = useWeather();
  const visible = visibleNews(useSearchParams()[0]);

  const councilName = site.data?.council_name ?? DEFAULT_COUNCIL_NAME;
  // A block whose outside service is not set up is left out (a fresh install without API keys); one
  // that is set up but failing says so. Until the server has said, both are on.
  const services = site.data?.services ?? DEFAULT_SITE_SERVICES;
  const channelUrl = site.data?.social.youtube ?? null;
  return (
    <div className="home-page">
      {(banners.isError || news.isError) && <PageToast variant="error" message={CONTENT_MESSAGES.publicListError} />}
      <div className="home-intro">
        <div>
          <h1 className="home-title">{councilName}</h1>
          <p className="home-subtitle mb-0">
            {site.data ? `${site.data.town_name}, ${site.data.town_region} · ` : ''}Sitio oficial
          </p>
        </div>
        {services.weather && <WeatherWidget weather={weather.data} />}
      </div>

      <BannerCarousel banners={banners.data ?? []} />

      <NewsSection news={news.data ?? []} visible={visible} failed={news.isError && !news.data} />

      {(services.videos || channelUrl) && <SessionsSection videos={services.videos ? (videos.data ?? []) : null} channelUrl={channelUrl} />}

      <ContactSection contact={contact.data} details={site.data?.contact} failed={contact.isError && !contact.data} retryHref={`${newsListHref(visible).split('#')[0]}#contacto`} />

      <SocialStrip social={site.data?.social} />
    </div>
  );
}
