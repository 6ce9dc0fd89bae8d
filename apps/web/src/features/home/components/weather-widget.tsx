import type { Weather } from '@concejo/contracts';
import { useState } from 'react';

/**
 * The town's weather (spec 2.3): place, rounded °C and the condition's icon; 'Cargando clima...' while
 * loading. When the server has no weather to give, a quiet line instead of an endless "loading".
 */
export function WeatherWidget({ weather, loading }: { weather: Weather | null | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="weather-widget" role="status">
        Cargando clima...
      </div>
    );
  }
  if (!weather) return <div className="weather-widget weather-widget-empty">Clima no disponible por el momento.</div>;
  return <WeatherReport weather={weather} />;
}

function WeatherReport({ weather }: { weather: Weather }) {
  const { location, current } = weather;
  // An icon the service's CDN fails to send is left out rather than shown broken.
  const [iconFailed, setIconFailed] = useState(false);
  return (
    <div className="weather-widget" role="group" aria-label="Clima actual">
      {current.condition.icon && !iconFailed && (
        <img src={current.condition.icon} alt={current.condition.text} width={64} height={64} className="weather-icon" onError={() => setIconFailed(true)} />
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
