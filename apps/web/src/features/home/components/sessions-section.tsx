import { videoEmbedUrl, type SessionVideo } from '@concejo/contracts';

/** 'Sesiones' (spec 2.3): up to 3 latest session videos embedded at 325x183, and a link to the
 * channel when its address is known (SOCIAL_YOUTUBE_URL, or derived from YOUTUBE_CHANNEL_ID by the API).
 * `videos` null: the server fetches none (no YouTube key), so only the channel's link is offered. */
export function SessionsSection({ videos, channelUrl }: { videos: SessionVideo[] | null; channelUrl: string | null }) {
  return (
    <section className="home-section home-sessions" aria-labelledby="home-sessions-title">
      <h2 id="home-sessions-title" className="home-section-title">
        Sesiones
      </h2>
      {videos?.length === 0 && <p>No hay videos de sesiones para mostrar en este momento.</p>}
      {videos && videos.length > 0 && (
        <ul className="list-unstyled session-videos">
          {videos.map((video) => (
            <li key={video.id.videoId} className="session-video">
              <iframe
                src={videoEmbedUrl(video.id.videoId)}
                title={video.snippet.title || 'Video de la sesión'}
                width={325}
                height={183}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
              />
              <p className="session-video-title">{video.snippet.title}</p>
            </li>
          ))}
        </ul>
      )}
      {/* The invitation only where it leads somewhere: without a known channel there is nothing to visit. */}
      {channelUrl && (
        <p className="mb-0">
          Todas las sesiones están en{' '}
          <a href={channelUrl} target="_blank" rel="noopener noreferrer">
            nuestro canal de YouTube<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
          : visitalo para ver más.
        </p>
      )}
    </section>
  );
}
