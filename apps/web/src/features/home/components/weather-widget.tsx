import type { Weather } from '@concejo/contracts';

/**
 * The town's weather (spec 2.3): place, rounded °C and the condition's icon, as the server had it when
 * it rendered the page. When it has no weather to give, a quiet line.
 */
export function WeatherWidget({ weather }: { weather: Weather | null | undefined }) {
  if (!weather) return <div className="weather-widget weather-widget-empty">Clima no disponible por el momento.</div>;
  return <WeatherReport weather={weather} />;
}

function WeatherReport({ weather }: { weather: Weather }) {
  const { location, current } = weather;
  return (
    <div className="weather-widget" role="group" aria-label="Clima actual">
      {/* An icon the service's CDN fails to send is left out rather than shown broken (enhance/images.ts). */}
      {current.condition.icon && (
        <img src={current.condition.icon} alt={current.condition.text} width={64} height={64} className="weather-icon" data-enhance="drop-if-broken" />
      )}
      <div>
        <p className="weather-temperature mb-0">{`${Math.round(current.temp_c)} °C`}</p>
        <p className="weather-place mb-0">
          {location.name}, {location.region}
        </p>
      </div>
    </div>
  );
}
